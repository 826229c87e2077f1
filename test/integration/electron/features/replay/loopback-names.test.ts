import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReplayRequestSpecInput } from '../../../../../shared/contract/replay-drafts';
import { sendRequest } from '../../../../../electron/services/service-api/http';
import type { TestApp } from '../../../../support/app-harness';
import { externalIPv4, lieAboutNames } from '../../../../support/lying-resolver';
import { startReplayApp } from './replay-helpers';

// `localhost.` and `*.localhost` are this machine (RFC 6761): Hooklab's own requests resolve them
// to loopback without the system's resolver, so one that maps them elsewhere never receives a
// signed replay or a handler check; the service's API client refuses a client secret there.
let undo: (() => void) | null = null;
const apps: TestApp[] = [];
const servers: Server[] = [];
afterEach(async () => {
  undo?.();
  undo = null;
  for (const a of apps.splice(0)) await a.close();
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/** A server on `host` that counts the requests reaching it. */
async function countingServer(host: string) {
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    req.resume();
    req.on('end', () => res.end('{}'));
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  servers.push(server);
  return { port: (server.address() as AddressInfo).port, requests: () => requests };
}

const spec: ReplayRequestSpecInput = {
  body: { kind: 'text', text: '{"orderId":"1","orderType":"FULL","description":"d","level":"Info","type":"Created","metadata":null}' },
  headers: { eventId: { mode: 'typed', value: '77' }, eventCreated: { mode: 'chosen', value: '2026-02-01T10:00:00Z' } },
};

describe('loopback names', () => {
  it.each(['localhost.', 'app.localhost'])('a replay and a handler check to %s go to loopback, never to the address a resolver gives', async (name) => {
    const elsewhere = await countingServer(externalIPv4());
    undo = lieAboutNames({ [name]: externalIPv4() });
    const a = await startReplayApp();
    apps.push(a);
    const url = `http://${name}:${elsewhere.port}/hook`;
    const { replays } = await a.call('replay.send', { request: spec, targetUrl: url });
    expect(replays[0]!.response).toBeNull();
    // Nothing listens on that port of loopback: refused here, never sent elsewhere.
    expect(replays[0]!.summary.error).toMatch(/ECONNREFUSED/);
    const report = await a.call('replay.checkHandler', { url, only: ['valid-signature-accepted'] });
    expect(report.unreachable ?? '').toMatch(/ECONNREFUSED/);
    expect(elsewhere.requests()).toBe(0);
  });

  it('a replay to app.localhost goes ahead at once when it resolves to loopback', async () => {
    const here = await countingServer('127.0.0.1');
    undo = lieAboutNames({ 'app.localhost': '127.0.0.1' });
    const a = await startReplayApp();
    apps.push(a);
    const url = `http://app.localhost:${here.port}/hook`;
    expect(await a.call('replay.checkTarget', { url })).toMatchObject({ loopback: true, allowed: true });
    const { replays } = await a.call('replay.send', { request: spec, targetUrl: url });
    expect(replays[0]!.response?.status).toBe(200);
    expect(here.requests()).toBe(1);
  });

  it('a plain http service URL on localhost. never sends the client secret to a non-loopback address', async () => {
    const elsewhere = await countingServer(externalIPv4());
    undo = lieAboutNames({ 'localhost.': externalIPv4() });
    const send = sendRequest(fetch, `http://localhost.:${elsewhere.port}/token`, { method: 'POST', headers: {}, body: '{"clientSecret":"s3cret"}' }, 5_000);
    await expect(send).rejects.toThrow(/not loopback/);
    expect(elsewhere.requests()).toBe(0);
  });

  it('a plain http service URL on localhost goes to the loopback address it resolves to', async () => {
    const here = await countingServer('127.0.0.1');
    const res = await sendRequest(fetch, `http://localhost:${here.port}/token`, { method: 'POST', headers: {}, body: '{}' }, 5_000);
    expect(res.status).toBe(200);
    expect(here.requests()).toBe(1);
  });
});
