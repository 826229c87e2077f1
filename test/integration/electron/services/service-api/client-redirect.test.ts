import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HistoryClient } from '../../../../../electron/services/service-api/history-client';
import { systemClock } from '../../../../../electron/services/platform/clock';
import { errorOf } from '../../features/history/client-fixtures';

interface Recorded {
  readonly line: string;
  readonly body: string;
}

/** A loopback server that records every request (with its body) and answers with `answer`. */
async function recordingServer(
  host: string,
  answer: (req: IncomingMessage) => { status: number; headers?: Record<string, string>; body?: string },
): Promise<{ server: Server; url: string; seen: Recorded[] }> {
  const seen: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ line: `${req.method} ${req.url}`, body: Buffer.concat(chunks).toString('utf8') });
      const a = answer(req);
      res.writeHead(a.status, a.headers).end(a.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://${host}:${port}`, seen };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
});

describe('HistoryClient never follows a redirect', () => {
  it('a 307 from POST /token to another loopback host sends the client id and secret nowhere else', async () => {
    const elsewhere = await recordingServer('127.0.0.2', () => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accessToken: 'stolen', tokenType: 'Bearer', expiresIn: 3600 }),
    }));
    servers.push(elsewhere.server);
    const service = await recordingServer('127.0.0.1', () => ({ status: 307, headers: { location: `${elsewhere.url}/token` } }));
    servers.push(service.server);
    const client = new HistoryClient({
      connection: { baseUrl: service.url, apiV3Url: `${service.url}/api/v3`, clientId: 'client-1', clientSecret: 'top-secret' },
      fetch,
      clock: systemClock,
    });

    const error = await errorOf(client.list({}));
    expect(error.kind).toBe('redirected');
    expect(error.message).toContain(`${elsewhere.url}/token`);
    expect(error.retryable).toBe(false);
    expect(service.seen.map((r) => r.line)).toEqual(['POST /token']);
    expect(elsewhere.seen).toEqual([]);
  });

  it('a redirect on a list, get or resend call is an error naming its Location, and the bearer stays home', async () => {
    const elsewhere = await recordingServer('127.0.0.2', () => ({ status: 200, body: '{}' }));
    servers.push(elsewhere.server);
    type Answer = { status: number; headers?: Record<string, string>; body?: string };
    const service = await recordingServer('127.0.0.1', (req): Answer =>
      req.url === '/token'
        ? { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ accessToken: 'tok', tokenType: 'Bearer', expiresIn: 3600 }) }
        : { status: 302, headers: { location: `${elsewhere.url}${req.url ?? ''}` } },
    );
    servers.push(service.server);
    const client = new HistoryClient({
      connection: { baseUrl: service.url, apiV3Url: `${service.url}/api/v3`, clientId: 'client-1', clientSecret: 'top-secret' },
      fetch,
      clock: systemClock,
    });

    for (const call of [() => client.list({ pageSize: 5 }), () => client.get(7), () => client.resend(7)]) {
      const error = await errorOf(call());
      expect(error.kind).toBe('redirected');
      expect(error.message).toContain(elsewhere.url);
      expect(error.status).toBe(302);
    }
    expect(elsewhere.seen).toEqual([]);
  });
});
