import { describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signBody } from '../../../../../shared/signing';
import { nodeHmac } from '../../../../../electron/services/platform/node-hmac';
import { forwardToAll } from '../../../../../electron/features/live/forwarding/forwarder';
import { post, startLiveApp, type LiveApp } from './live-helpers';
import { closedAfterEach } from '../../../../support/closed-after-each';

interface Seen {
  body: Buffer;
  headers: string[];
  method: string;
}

/** A real local handler recording what it received. */
async function startHandler(status: number, reply = 'handled'): Promise<{ url: string; seen: Seen[]; server: Server }> {
  const seen: Seen[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ body: Buffer.concat(chunks), headers: req.rawHeaders, method: req.method ?? '' });
      res.writeHead(status, { 'X-Handler': 'yes' }).end(reply);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, seen, server };
}

const closeAfter = closedAfterEach();

function waitForwarded(live: LiveApp): Promise<{ id: number }> {
  return new Promise((resolve) => {
    const off = live.core.ctx.runtime.bus.subscribe((event, payload) => {
      if (event === 'live.forwarded') {
        off();
        resolve(payload as { id: number });
      }
    });
  });
}

describe('forwarding', () => {
  it('forwards byte-identical bodies with the received headers to every target and records each result', async () => {
    const a = await startHandler(200);
    const b = await startHandler(500, 'boom');
    closeAfter(a.server);
    closeAfter(b.server);
    const closed = await startHandler(200);
    await new Promise((r) => closed.server.close(r));
    const app = closeAfter(await startLiveApp({ listener: { forwardTargets: [a.url, b.url, closed.url] } }));
    const body = new Uint8Array([0x7b, 0xff, 0x00, 0x0d, 0x0a, 0x7d]);
    const forwarded = waitForwarded(app);
    const res = await post(`${app.listenerUrl}/x`, body, { 'X-Svc-Hmac-Sha256': signBody(nodeHmac, 'test-key', body), 'X-Svc-Event-Id': '9' });
    expect(res.status).toBe(200);
    const { id } = await forwarded;
    for (const handler of [a, b]) {
      expect(handler.seen[0]!.body.equals(Buffer.from(body))).toBe(true);
      expect(handler.seen[0]!.headers).toContain('X-Svc-Hmac-Sha256');
      expect(handler.seen[0]!.headers).toContain('X-Svc-Event-Id');
    }
    const detail = await app.call('live.get', { id });
    expect(detail.forwards.map((f) => [f.target, f.status, f.body])).toEqual([
      [a.url, 200, 'handled'],
      [b.url, 500, 'boom'],
      [closed.url, null, null],
    ]);
    expect(detail.forwards[2]!.error).toMatch(/ECONNREFUSED/);
    expect(detail.forwards[0]!.headers).toContainEqual(['X-Handler', 'yes']);
    expect(detail.summary.handler).toMatchObject({ targets: 3, failed: 2, firstStatus: 200 });
  });

  it("replaces the sender's trace context: a fresh traceparent, no tracestate or baggage of the sender's trace", async () => {
    const h = await startHandler(200);
    closeAfter(h.server);
    const app = closeAfter(await startLiveApp({ listener: { forwardTargets: [h.url] } }));
    const forwarded = waitForwarded(app);
    const sent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const res = await post(`${app.listenerUrl}/`, '{}', {
      'X-Svc-Hmac-Sha256': signBody(nodeHmac, 'test-key', '{}'),
      traceparent: sent,
      tracestate: 'sender=secret-routing',
      baggage: 'userId=alice,tenant=acme',
    });
    expect(res.status).toBe(200);
    const { id } = await forwarded;
    const names = h.seen[0]!.headers.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
    expect(names).not.toContain('tracestate');
    expect(names).not.toContain('baggage');
    expect(names.filter((n) => n === 'traceparent')).toHaveLength(1);
    const traceparent = h.seen[0]!.headers[h.seen[0]!.headers.findIndex((n) => n.toLowerCase() === 'traceparent') + 1];
    const { forwards } = await app.call('live.get', { id });
    expect(traceparent).toMatch(new RegExp(`^00-${forwards[0]!.traceId}-[0-9a-f]{16}-01$`));
    expect(traceparent).not.toBe(sent);
    // What the sender sent is kept as received, in the stored delivery.
    expect((await app.call('live.get', { id })).headers.map(([n]) => n.toLowerCase())).toEqual(expect.arrayContaining(['tracestate', 'baggage']));
  });

  it('in pass-through mode answers the service with the first handler status', async () => {
    const h = await startHandler(503, 'not now');
    closeAfter(h.server);
    const app = closeAfter(await startLiveApp({ listener: { forwardTargets: [h.url], passThrough: true } }));
    const res = await post(`${app.listenerUrl}/`, '{}', { 'X-Svc-Hmac-Sha256': signBody(nodeHmac, 'test-key', '{}') });
    expect(res).toEqual({ status: 503, body: 'not now' });
    const { rows } = await app.call('live.list', {});
    expect(rows[0]).toMatchObject({ answeredStatus: 503, handler: { targets: 1, failed: 1, firstStatus: 503 } });
  });

  it('gives each target its own result: a target of another scheme fails alone', async () => {
    const a = await startHandler(200);
    closeAfter(a.server);
    const results = await forwardToAll(['ftp://127.0.0.1/hook', a.url, 'file:///etc/passwd'], { method: 'POST', headers: [], body: Buffer.from('{}') });
    expect(results.map((r) => [r.target, r.status])).toEqual([
      ['ftp://127.0.0.1/hook', null],
      [a.url, 200],
      ['file:///etc/passwd', null],
    ]);
    expect(results[0]!.error).toBe('unsupported scheme ftp: (only http and https)');
    expect(a.seen).toHaveLength(1);
  });

  it('refuses a forward target that is not http(s) in settings, with a clear message, and keeps the others', async () => {
    const a = await startHandler(200);
    closeAfter(a.server);
    const app = closeAfter(await startLiveApp({ listener: { forwardTargets: [a.url] } }));
    await expect(app.call('settings.update', { listener: { forwardTargets: [a.url, 'ftp://127.0.0.1/hook'] } })).rejects.toThrow(
      /forwardTargets.1: must be an http:\/\/ or https:\/\/ URL/,
    );
    expect((await app.call('settings.get', {})).settings.listener.forwardTargets).toEqual([a.url]);
  });

  it('does not forward hop-by-hop headers, nor those the sender named in Connection', async () => {
    const a = await startHandler(200);
    closeAfter(a.server);
    const app = closeAfter(await startLiveApp({ listener: { forwardTargets: [a.url] } }));
    const forwarded = waitForwarded(app);
    await post(`${app.listenerUrl}/`, '{}', {
      'X-Svc-Hmac-Sha256': signBody(nodeHmac, 'test-key', '{}'),
      Connection: 'keep-alive, X-Hop-Secret',
      'Keep-Alive': 'timeout=5',
      'X-Hop-Secret': 'for the listener only',
      TE: 'trailers',
      'Proxy-Connection': 'keep-alive',
      'X-End-To-End': 'kept',
    });
    await forwarded;
    const names = a.seen[0]!.headers.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
    expect(names).toContain('x-end-to-end');
    expect(names).toContain('x-svc-hmac-sha256');
    for (const hop of ['keep-alive', 'x-hop-secret', 'te', 'proxy-connection', 'transfer-encoding', 'upgrade']) expect(names).not.toContain(hop);
    // Node's own connection header for the new hop, never the sender's value.
    expect(a.seen[0]!.headers).not.toContain('keep-alive, X-Hop-Secret');
  });
});

describe('forward results of a delivery that is gone', () => {
  it('are dropped without failing the listener: the next deliveries are stored and forwarded', async () => {
    // Holds its first request until released; answers the others at once.
    let release: (() => void) | null = null;
    let arrived!: () => void;
    const firstArrived = new Promise<void>((r) => (arrived = r));
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (release === null) {
          release = () => res.writeHead(200).end('late');
          arrived();
        } else res.writeHead(200).end('ok');
      });
    });
    closeAfter(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const target = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const app = closeAfter(await startLiveApp({ listener: { forwardTargets: [target] } }));
    const errors: string[] = [];
    let errorLogged!: (message: string) => void;
    const firstError = new Promise<string>((r) => (errorLogged = r));
    const original = app.core.ctx.runtime.log.error.bind(app.core.ctx.runtime.log);
    app.core.ctx.runtime.log.error = (message, fields) => {
      errors.push(message);
      errorLogged(message);
      original(message, fields);
    };

    expect((await post(`${app.listenerUrl}/a`, '{"a":1}')).status).toBe(200);
    await firstArrived;
    await app.call('live.clear', {});
    // Either the late result is taken in (and announced), or writing it fails and is logged.
    const lateForward = Promise.race([waitForwarded(app), firstError]);
    release!();
    expect(await lateForward).toEqual({ id: 1, handler: expect.anything(), answeredStatus: 200 });

    const nextForward = waitForwarded(app);
    expect((await post(`${app.listenerUrl}/b`, '{"b":2}')).status).toBe(200);
    const { id } = await nextForward;
    const detail = await app.call('live.get', { id });
    // Only the new delivery's own result: the late one of the cleared delivery was not kept.
    expect(detail.forwards.map((f) => f.body)).toEqual(['ok']);
    expect(app.core.ctx.data.db.prepare('SELECT COUNT(*) AS n FROM forward_results').get()).toEqual({ n: 1 });
    expect(errors).toEqual([]);
  });
});
