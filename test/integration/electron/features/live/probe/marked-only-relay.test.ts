import { afterEach, describe, expect, it } from 'vitest';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from '../../../../../support/app-harness';
import { createLiveFeature } from '../../../../../../electron/features/live/feature';
import { createSandboxFeature } from '../../../../../../electron/features/sandbox/feature';
import { createHistoryFeature } from '../../../../../../electron/features/history/feature';
import { event } from '../../history/sandbox-app';
import { waitForStatus } from '../live-helpers';

/**
 * A relay between the service and Hooklab that passes on only what carries a mark of Hooklab
 * (a header, the user agent, the path, the body text) and answers every other POST 200 itself:
 * the worst way in, since the service then never retries. The probe must not get through it,
 * and the service's own log must name what it swallowed.
 */
interface Relay {
  readonly port: number;
  readonly passed: () => number;
  readonly swallowed: () => number;
  close(): Promise<void>;
}

function hasHooklabMark(path: string, headers: IncomingHttpHeaders, body: Buffer): boolean {
  const marked = (text: string) => /hooklab/i.test(text);
  return marked(path) || marked(body.toString('latin1')) || Object.entries(headers).some(([name, value]) => marked(name) || marked(String(value)));
}

async function startRelay(listenerPort: number): Promise<Relay> {
  let passed = 0;
  let swallowed = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (!hasHooklabMark(req.url ?? '/', req.headers, body)) {
        swallowed++;
        res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
        return;
      }
      passed++;
      const on = request({ host: '127.0.0.1', port: listenerPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      on.on('error', () => res.writeHead(502).end());
      on.end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    passed: () => passed,
    swallowed: () => swallowed,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

let app: TestApp | null = null;
let relay: Relay | null = null;
afterEach(async () => {
  await app?.close();
  await relay?.close();
  app = null;
  relay = null;
});

describe('a relay that passes on only what Hooklab marks', () => {
  it('does not pass the probe; the sandbox\'s deliveries it swallows are answered-by-another, counted and resent', async () => {
    // The test's clock runs ahead when the grace period must be over; the sandbox logs in real time.
    let ahead = 0;
    app = await startTestApp({
      clock: { now: () => Date.now() + ahead },
      settings: { listener: { port: 0 }, sandbox: { port: 0 } },
      features: (ctx) => [createLiveFeature(ctx, { probeIntervalMs: 300 }), createSandboxFeature(ctx, { retryDelayMs: 1 }), createHistoryFeature(ctx)],
    });
    const listenerUrl = (await app.call('sandbox.info', {})).webhookUrl!;
    relay = await startRelay(Number(new URL(listenerUrl).port));
    // `relay.localhost` is this machine: Hooklab resolves it itself (RFC 6761).
    const publicUrl = `http://relay.localhost:${relay.port}/webhooks`;

    // The relay does pass what is marked: a request saying Hooklab reaches the listener.
    const marked = await fetch(`http://127.0.0.1:${relay.port}/webhooks`, { method: 'POST', headers: { 'User-Agent': 'Hooklab public URL probe' }, body: '{}' });
    expect(marked.status).toBe(200);
    expect(relay.passed()).toBe(1);

    await app.call('settings.update', { tunnel: { ownPublicUrl: publicUrl } });
    const probed = await waitForStatus(app, (s) => s.tunnel.state === 'own-url' && s.tunnel.probe.checkedAt !== null);
    expect(probed.tunnel.probe.reachable).toBe(false);
    expect(probed.tunnel.probe.error).toBe(`something else answered at ${publicUrl} (not this Hooklab: another program on that URL, or a reminder page), with 200: "ok"`);
    expect(probed.listener.probesAnswered).toBe(0);
    expect(relay.passed()).toBe(1);

    // The sandbox (the service) sends through the relay: every delivery is answered 200 by it.
    await app.call('sandbox.setWebhookUrl', { url: publicUrl });
    for (const id of ['relay-1', 'relay-2', 'relay-3']) await app.call('sandbox.sendEvent', { event: event(id) });
    expect(relay.passed()).toBe(1);
    await app.call('history.pollNow', {});
    // Within the grace period the listener may still be storing them: no verdict yet.
    const early = await app.call('history.reconcile', { refresh: true });
    expect(early.items.filter((i) => i.category === 'lost').map((i) => i.cause)).toEqual(['unknown', 'unknown', 'unknown']);

    ahead = 31_000;
    const reconciliation = await app.call('history.reconcile', { refresh: true });
    const lost = reconciliation.items.filter((i) => i.category === 'lost');
    expect(lost.map((i) => i.cause)).toEqual(['answered-by-another', 'answered-by-another', 'answered-by-another']);
    await app.call('history.pollNow', {});
    const counted = await waitForStatus(app, (s) => s.tunnel.probe.answeredByAnother === 3);
    expect(counted.tunnel.probe.answeredByAnother).toBe(3);

    const banner = await app.call('history.sentElsewhere', { since: new Date(Date.now() - 3_600_000).toISOString() });
    expect(banner.groups).toEqual([expect.objectContaining({ cause: 'answered-by-another', url: publicUrl, deliveries: 3 })]);

    // The way in fixed (the sandbox straight to the listener): a resend of exactly those arrives.
    await app.call('sandbox.setWebhookUrl', { url: listenerUrl });
    const summary = await app.call('history.resendMany', { ids: banner.groups[0]!.eventIds, concurrency: 2 });
    expect(summary).toMatchObject({ total: 3, delivered: 3 });
    await app.call('history.pollNow', {});
    await waitForStatus(app, (s) => s.tunnel.probe.answeredByAnother === 0);
    expect((await app.call('history.sentElsewhere', { since: new Date(Date.now() - 3_600_000).toISOString() })).groups).toEqual([]);
  }, 30_000);
});
