import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { ReplayRequestSpecInput } from '../../../../../shared/contract/replay-drafts';
import { startHandler, type TestHandler } from '../../../../fixtures/handlers';
import type { TestApp } from '../../../../support/app-harness';
import { tempDirs } from '../../../../support/temp-dirs';
import { post } from '../live/live-helpers';
import { header, headerPairs, independentSignature, KEY_LABEL, startReplayApp, TEST_KEY } from './replay-helpers';

const run = promisify(execFile);
const apps: TestApp[] = [];
const handlers: TestHandler[] = [];
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(handlers.splice(0).map((h) => h.close()));
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
  for (const a of apps.splice(0)) await a.close();
});

async function app(options: Parameters<typeof startReplayApp>[0] = {}): Promise<TestApp> {
  const a = await startReplayApp(options);
  apps.push(a);
  return a;
}

async function handler(kind: Parameters<typeof startHandler>[0] = 'correct'): Promise<TestHandler> {
  const h = await startHandler(kind, { key: TEST_KEY });
  handlers.push(h);
  return h;
}

/** A server that counts connections and answers with `respond`. */
async function rawServer(respond: (n: number, res: import('node:http').ServerResponse) => void, host = '127.0.0.1') {
  let connections = 0;
  let requests = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => respond(++requests, res));
  });
  server.on('connection', () => connections++);
  await new Promise<void>((r) => server.listen(0, host, r));
  servers.push(server);
  return { port: (server.address() as AddressInfo).port, connections: () => connections, requests: () => requests };
}

const EVENT = '{"orderId":"1","orderType":"FULL","description":"d","level":"Info","type":"Created","metadata":null}\r\n  ';
const spec = (over: Partial<ReplayRequestSpecInput> = {}): ReplayRequestSpecInput => ({
  body: { kind: 'text', text: EVENT },
  headers: { eventId: { mode: 'typed', value: '4242' }, eventCreated: { mode: 'chosen', value: '2026-02-01T10:00:00Z' } },
  ...over,
});

describe('replay', () => {
  it('sends exactly the bytes and headers of the sign preview (plus its own traceparent), signed as an independent HMAC computes', async () => {
    const a = await app();
    const h = await handler();
    const preview = await a.call('replay.sign', { request: spec({ headers: { ...spec().headers, extra: [['X-Trace', 'a b']] } }), targetUrl: h.url });
    expect(preview.keyLabel).toBe(KEY_LABEL);
    const { replays } = await a.call('replay.send', { request: spec({ headers: { ...spec().headers, extra: [['X-Trace', 'a b']] } }), targetUrl: h.url });
    expect(replays).toHaveLength(1);
    const [got] = h.received;
    expect(got!.body.equals(Buffer.from(EVENT, 'utf8'))).toBe(true);
    // A new trace per request: the preview cannot know its id, the replay records it.
    const traceparent: [string, string] = ['traceparent', `00-${replays[0]!.summary.traceId}-`];
    const sentHeaders = headerPairs(got!.rawHeaders);
    expect(sentHeaders.slice(0, -1)).toEqual(preview.headers);
    expect(sentHeaders.at(-1)![0]).toBe(traceparent[0]);
    expect(sentHeaders.at(-1)![1]).toMatch(new RegExp(`^${traceparent[1]}[0-9a-f]{16}-01$`));
    expect(preview.signature).toBe(independentSignature(TEST_KEY, got!.body));
    expect(got!.status).toBe(200);
    // The stored request is what was sent, the response what came back.
    const stored = await a.call('replay.get', { id: replays[0]!.summary.id });
    expect(stored.request.headers).toEqual(sentHeaders);
    expect(Buffer.from(stored.request.bodyBase64, 'base64').equals(got!.body)).toBe(true);
    expect(stored.response?.status).toBe(200);
    expect(stored.summary.eventId).toBe('4242');
  });

  it('sends the exact bytes of a body that is not UTF-8, and a body that is not JSON with a warning', async () => {
    const a = await app();
    const h = await handler('no-signature-check');
    const bytes = Buffer.from([0x7b, 0xff, 0x00, 0xfe, 0x7d]);
    const preview = await a.call('replay.sign', { request: spec({ body: { kind: 'bytes', base64: bytes.toString('base64') } }), targetUrl: null });
    expect(preview.json).toBe(false);
    expect(preview.warnings.join(' ')).toMatch(/not JSON/);
    await a.call('replay.send', { request: spec({ body: { kind: 'bytes', base64: bytes.toString('base64') } }), targetUrl: h.url });
    expect(h.received[0]!.body.equals(bytes)).toBe(true);
    expect(header(h.received[0]!.rawHeaders, 'X-Svc-Hmac-Sha256')).toBe(independentSignature(TEST_KEY, bytes));
  });

  it('applies each tamper preset exactly as labelled', async () => {
    const a = await app();
    const h = await handler('no-signature-check');
    const send = async (tamper: ReplayRequestSpecInput['tamper']) => {
      await a.call('replay.send', { request: spec({ tamper }), targetUrl: h.url });
      return h.received.at(-1)!;
    };
    const honest = await send('none');
    expect(header(honest.rawHeaders, 'X-Svc-Hmac-Sha256')).toBe(independentSignature(TEST_KEY, honest.body));
    const wrong = await send('wrong-key');
    expect(header(wrong.rawHeaders, 'X-Svc-Hmac-Sha256')).not.toBe(independentSignature(TEST_KEY, wrong.body));
    const reser = await send('reserialised');
    expect(reser.body.toString()).toBe(EVENT);
    expect(header(reser.rawHeaders, 'X-Svc-Hmac-Sha256')).toBe(independentSignature(TEST_KEY, JSON.stringify(JSON.parse(EVENT))));
    const missing = await send('missing-signature');
    expect(header(missing.rawHeaders, 'X-Svc-Hmac-Sha256')).toBeUndefined();
    const hex = await send('hex-signature');
    expect(header(hex.rawHeaders, 'X-Svc-Hmac-Sha256')).toBe(Buffer.from(independentSignature(TEST_KEY, hex.body), 'base64').toString('hex'));
    await a.call('replay.send', { request: spec({ headers: { ...spec().headers, eventId: { mode: 'typed', value: '777' } } }), targetUrl: h.url });
    const reused = await send('reused-event-id');
    expect(header(reused.rawHeaders, 'X-Svc-Event-Id')).toBe('777');
    const stale = await send('stale-event-created');
    const age = Date.now() - Date.parse(header(stale.rawHeaders, 'X-Svc-Event-Created')!);
    expect(age).toBeGreaterThan(29 * 86_400_000);
    expect(header(stale.rawHeaders, 'X-Svc-Hmac-Sha256')).toBe(independentSignature(TEST_KEY, stale.body));
    const changed = await send('body-changed-after-signing');
    expect(changed.body.toString()).toBe(EVENT + ' ');
    expect(header(changed.rawHeaders, 'X-Svc-Hmac-Sha256')).toBe(independentSignature(TEST_KEY, EVENT));
  });

  it('builds the headers from the spec: new ids, now, removed headers, the service User-Agent', async () => {
    const a = await app();
    const h = await handler('no-signature-check');
    const request = spec({
      headers: { eventId: { mode: 'new' }, eventCreated: { mode: 'now' }, removed: ['content-type'], extra: [['X-A', '1']] },
    });
    const preview = await a.call('replay.sign', { request, targetUrl: h.url });
    expect(preview.volatile.sort()).toEqual(['X-Svc-Event-Created', 'X-Svc-Event-Id']);
    await a.call('replay.send', { request, targetUrl: h.url, times: 2 });
    await a.call('replay.send', { request, targetUrl: h.url });
    const ids = h.received.map((r) => header(r.rawHeaders, 'X-Svc-Event-Id'));
    // "Send N times" repeats one event; a new send gets a new id.
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[0]);
    expect(ids[0]).toMatch(/^\d+$/);
    expect(header(h.received[0]!.rawHeaders, 'Content-Type')).toBeUndefined();
    expect(header(h.received[0]!.rawHeaders, 'User-Agent')).toBe('Svc-Webhooks/1.0');
    expect(header(h.received[0]!.rawHeaders, 'X-A')).toBe('1');
    const unsendable = spec({ headers: { ...spec().headers, extra: [['X-Price', '5 €']] } });
    await expect(a.call('replay.send', { request: unsendable, targetUrl: h.url })).rejects.toMatchObject({ code: 'invalid-args', message: /Latin-1/ });
    expect(h.received).toHaveLength(3);
  });

  it('sends N times sequentially or concurrently, stores each, and pages and filters the history', async () => {
    const a = await app();
    const ok = await handler('correct');
    const failing = await handler('fails-duplicates');
    await a.call('replay.send', { request: spec(), targetUrl: ok.url, times: 3, mode: 'sequential', intervalMs: 20 });
    const { replays } = await a.call('replay.send', { request: spec(), targetUrl: failing.url, times: 4, mode: 'concurrent' });
    expect(replays).toHaveLength(4);
    expect(ok.received).toHaveLength(3);
    expect(failing.received).toHaveLength(4);
    expect(replays.map((r) => r.response?.status).sort()).toEqual([200, 500, 500, 500]);
    const all = await a.call('replay.history', { limit: 5 });
    expect(all.total).toBe(7);
    expect(all.rows).toHaveLength(5);
    const rest = await a.call('replay.history', { limit: 5, beforeId: all.nextBeforeId! });
    expect(rest.rows).toHaveLength(2);
    expect(rest.nextBeforeId).toBeNull();
    expect((await a.call('replay.history', { status: '5xx' })).total).toBe(3);
    expect((await a.call('replay.history', { targetUrl: ok.url })).rows.every((r) => r.targetUrl === ok.url)).toBe(true);
    expect((await a.call('replay.history', { targetUrl: ok.url })).total).toBe(3);
  });

  it('replays a stored replay again with the same bytes and headers (a new traceparent), and diffs two responses', async () => {
    const a = await app();
    const h = await handler('fails-duplicates');
    const { replays } = await a.call('replay.send', { request: spec(), targetUrl: h.url });
    const again = await a.call('replay.again', { id: replays[0]!.summary.id });
    expect(h.received[1]!.body.equals(h.received[0]!.body)).toBe(true);
    const untraced = (raw: readonly string[]) => headerPairs(raw).filter(([name]) => name !== 'traceparent');
    expect(untraced(h.received[1]!.rawHeaders)).toEqual(untraced(h.received[0]!.rawHeaders));
    expect(header(h.received[1]!.rawHeaders, 'traceparent')).toContain(again.summary.traceId!);
    expect(again.summary.traceId).not.toBe(replays[0]!.summary.traceId);
    expect(again.response?.status).toBe(500);
    const diff = await a.call('replay.diff', { left: replays[0]!.summary.id, right: again.summary.id });
    expect(diff.verdict).toBe('differs');
    expect([diff.leftStatus, diff.rightStatus]).toEqual([200, 500]);
    expect(diff.changes.map((c) => c.path)).toContain('/status');
    const same = await a.call('replay.diff', { left: again.summary.id, right: again.summary.id });
    expect(same.verdict).toBe('identical');
  });

  it('refuses a non-loopback target before any byte leaves, and sends after an explicit opt-in', async () => {
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal);
    expect(external, 'this test needs a non-loopback IPv4 address on the machine').toBeDefined();
    const a = await app();
    const server = await rawServer((_, res) => res.end('ok'), '0.0.0.0');
    const url = `http://${external!.address}:${server.port}/hook`;
    const check = await a.call('replay.checkTarget', { url });
    expect(check).toMatchObject({ loopback: false, allowed: false, needsOptIn: true });
    await expect(a.call('replay.send', { request: spec(), targetUrl: url })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(a.call('replay.checkHandler', { url })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(a.call('replay.addTarget', { url })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(a.call('replay.addTarget', { url, allowNonLoopback: true })).rejects.toThrow(/say why/);
    expect(server.connections()).toBe(0);
    expect((await a.call('replay.history', {})).total).toBe(0);
    const target = await a.call('replay.addTarget', { url, label: 'staging', allowNonLoopback: true, reason: 'our staging handler' });
    expect(target).toMatchObject({ optedIn: true, optInReason: 'our staging handler', refusal: null, loopback: false });
    const { replays } = await a.call('replay.send', { request: spec(), targetUrl: url });
    expect(replays[0]!.response?.status).toBe(200);
    expect(server.requests()).toBe(1);
    await a.call('replay.removeTarget', { id: target.id! });
    await expect(a.call('replay.send', { request: spec(), targetUrl: url })).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('records a redirect with its Location and never follows it', async () => {
    const a = await app();
    const final = await handler('correct');
    const redirecting = await rawServer((_, res) => res.writeHead(302, { Location: final.url }).end());
    const { replays } = await a.call('replay.send', { request: spec(), targetUrl: `http://127.0.0.1:${redirecting.port}/hook` });
    expect(replays[0]!.response).toMatchObject({ status: 302, location: final.url });
    expect(final.received).toHaveLength(0);
  });

  it('records refused connections and timeouts as errors, never a hang', async () => {
    const a = await app();
    await a.call('replay.setSettings', { timeoutMs: 300 });
    const silent = await rawServer(() => undefined);
    const timedOut = await a.call('replay.send', { request: spec(), targetUrl: `http://127.0.0.1:${silent.port}/` });
    expect(timedOut.replays[0]!.response).toBeNull();
    expect(timedOut.replays[0]!.summary.error).toMatch(/no answer within 300 ms/);
    const closed = await handler();
    await closed.close();
    const refused = await a.call('replay.send', { request: spec(), targetUrl: closed.url });
    expect(refused.replays[0]!.summary.error).toMatch(/ECONNREFUSED/);
    expect((await a.call('replay.history', { status: 'error' })).total).toBe(2);
  });

  it('sends to localhost (resolved, loopback only) at once', async () => {
    const a = await app();
    const h = await handler();
    const url = h.url.replace('127.0.0.1', 'localhost');
    expect(await a.call('replay.checkTarget', { url })).toMatchObject({ loopback: true, allowed: true });
    const { replays } = await a.call('replay.send', { request: spec(), targetUrl: url });
    expect(replays[0]!.response?.status).toBe(200);
    expect(h.received).toHaveLength(1);
  });

  it('stopping the core abandons a replay in flight at once instead of waiting out its timeout', async () => {
    const a = await startReplayApp();
    let connected!: () => void;
    const reached = new Promise<void>((r) => (connected = r));
    const silent = await rawServer(() => connected());
    const pending = a.core.invoke('replay.send', { request: spec(), targetUrl: `http://127.0.0.1:${silent.port}/` });
    await reached;
    const started = performance.now();
    await a.close();
    const envelope = await pending;
    expect(envelope).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    // The default timeout is 10 s; stopping must not wait for it.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('refuses a body over the configurable cap with a clear message, sending nothing', async () => {
    const a = await app();
    const h = await handler();
    expect(await a.call('replay.settings', {})).toEqual({ timeoutMs: 10_000, bodyCapBytes: 20 * 1024 * 1024 });
    await a.call('replay.setSettings', { bodyCapBytes: 2048 });
    const big = spec({ body: { kind: 'text', text: 'x'.repeat(4096) } });
    expect((await a.call('replay.sign', { request: big })).warnings.join(' ')).toMatch(/over the replay body cap/);
    await expect(a.call('replay.send', { request: big, targetUrl: h.url })).rejects.toThrow(
      'not sent: the body is 4,096 bytes (4 KiB), 2,048 bytes over the replay body cap of 2,048 bytes (2 KiB) (Settings → Replay)',
    );
    expect(h.received).toHaveLength(0);
  });

  it('keeps the response body capped at 256 KiB with its real size', async () => {
    const a = await app();
    const big = await rawServer((_, res) => res.end(Buffer.alloc(300 * 1024, 0x61)));
    const { replays } = await a.call('replay.send', { request: spec(), targetUrl: `http://127.0.0.1:${big.port}/` });
    expect(replays[0]!.response).toMatchObject({ bodySize: 300 * 1024, truncated: true });
    expect(Buffer.from(replays[0]!.response!.bodyBase64, 'base64').length).toBe(256 * 1024);
  });
});

describe('drafts and sources', () => {
  const newDir = tempDirs('hooklab-replay-');

  it('survive a restart of the core, bytes kept exactly; rename and delete', async () => {
    const dataDir = newDir();
    const first = await startReplayApp({ dataDir });
    const bytes = Buffer.from([0xc3, 0x28, 0x0d, 0x0a, 0x20]);
    const saved = await first.call('replay.saveDraft', {
      name: 'broken bytes',
      request: spec({ body: { kind: 'bytes', base64: bytes.toString('base64') }, tamper: 'hex-signature' }),
      targetUrl: 'http://127.0.0.1:3000/webhooks',
    });
    const text = await first.call('replay.saveDraft', { name: 'text', request: spec() });
    await first.close();
    const second = await app({ dataDir });
    const back = await second.call('replay.getDraft', { id: saved.id! });
    expect(back.request.body).toEqual({ kind: 'bytes', base64: bytes.toString('base64') });
    expect(back.request.tamper).toBe('hex-signature');
    expect(back.targetUrl).toBe('http://127.0.0.1:3000/webhooks');
    expect((await second.call('replay.getDraft', { id: text.id! })).request.body).toEqual({ kind: 'text', text: EVENT });
    await second.call('replay.renameDraft', { id: saved.id!, name: 'renamed' });
    expect((await second.call('replay.listDrafts', {})).drafts.map((d) => d.name).sort()).toEqual(['renamed', 'text']);
    await second.call('replay.deleteDraft', { id: text.id! });
    expect((await second.call('replay.listDrafts', {})).drafts.map((d) => d.id)).toEqual([saved.id]);
    await expect(second.call('replay.getDraft', { id: text.id! })).rejects.toMatchObject({ code: 'not-found' });
  });

  it('signs with a throwaway key kept as a secret, never returned; a removed key gives a clear message', async () => {
    const a = await app();
    const h = await handler('no-signature-check');
    const { id } = await a.call('replay.addThrowawayKey', { label: 'scratch', value: 'throwaway-secret' });
    const keys = await a.call('replay.keys', {});
    expect(JSON.stringify(keys)).not.toContain('throwaway-secret');
    expect(JSON.stringify(keys)).not.toContain(TEST_KEY);
    expect(keys.keys.map((k) => [k.kind, k.label, k.state])).toEqual([
      ['listener', KEY_LABEL, 'current'],
      ['throwaway', 'scratch', 'throwaway'],
    ]);
    const request = spec({ key: { kind: 'throwaway', id } });
    const preview = await a.call('replay.sign', { request });
    expect(preview.keyLabel).toBe('scratch');
    expect(JSON.stringify(preview)).not.toContain('throwaway-secret');
    await a.call('replay.send', { request, targetUrl: h.url });
    expect(header(h.received[0]!.rawHeaders, 'X-Svc-Hmac-Sha256')).toBe(independentSignature('throwaway-secret', h.received[0]!.body));
    const draft = await a.call('replay.saveDraft', { name: 'with scratch key', request });
    // A draft's throwaway key goes with the draft when no other draft uses it.
    const other = await a.call('replay.addThrowawayKey', { label: 'other', value: 'other-secret' });
    const own = await a.call('replay.saveDraft', { name: 'own key', request: spec({ key: { kind: 'throwaway', id: other.id } }) });
    await a.call('replay.deleteDraft', { id: own.id! });
    expect((await a.call('replay.keys', {})).keys.map((k) => k.id)).not.toContain(other.id);
    await a.call('replay.removeThrowawayKey', { id });
    expect((await a.call('replay.getDraft', { id: draft.id! })).warnings.join(' ')).toMatch(/was removed/);
    await expect(a.call('replay.send', { request, targetUrl: h.url })).rejects.toThrow(/throwaway key this draft signs with .* was removed/);
    expect((await a.call('replay.sign', { request })).signature).toBeNull();
    expect(h.received).toHaveLength(1);
  });

  it('opens a received delivery, a history delivery and every template as an editable draft', async () => {
    const a = await app({ withListener: true });
    const listenerUrl = `http://127.0.0.1:${a.core.ctx.runtime.status.get().listener.port}`;
    const body = Buffer.from('{"type":"Created","orderId":"5","orderType":"FULL"}\n');
    await post(`${listenerUrl}/in`, body, {
      'Content-Type': 'application/json',
      'X-Svc-Hmac-Sha256': independentSignature(TEST_KEY, body),
      'X-Svc-Event-Id': '991',
      'X-Svc-Event-Created': '2026-03-01T00:00:00Z',
    });
    const { rows } = await a.call('live.list', {});
    const draft = await a.call('replay.open', { from: { kind: 'received', id: rows[0]!.id } });
    expect(draft.request.body).toEqual({ kind: 'text', text: body.toString() });
    expect(draft.origin).toMatchObject({ kind: 'received', eventId: '991', eventCreated: '2026-03-01T00:00:00Z' });
    const h = await handler();
    await a.call('replay.send', { request: draft.request, targetUrl: h.url, origin: draft.origin });
    expect(h.received[0]!.body.equals(body)).toBe(true);
    expect(header(h.received[0]!.rawHeaders, 'X-Svc-Event-Id')).toBe('991');
    expect(h.received[0]!.status).toBe(200);

    const { HistoryStore } = await import('../../../../../electron/services/data/history-store');
    const env = a.core.ctx.config.environments.activeInfo().id;
    new HistoryStore(a.core.ctx.data.db).apply(
      env,
      [{ id: 55, eventId: 50, eventType: 'Updated', eventCreated: '2026-03-02T00:00:00Z', url: 'x', payload: '{"type":"Updated"}', responseStatusCode: 200, delivered: true, created: '2026-03-02T00:00:01Z' }],
      null,
      '2026-03-02T00:00:02Z',
    );
    const fromHistory = await a.call('replay.open', { from: { kind: 'history', id: 55 } });
    expect(fromHistory.request.body).toEqual({ kind: 'text', text: '{"type":"Updated"}' });
    expect(fromHistory.origin).toMatchObject({ eventId: '50', eventCreated: '2026-03-02T00:00:00Z' });

    const { eventTypes, orderTypes } = await a.call('replay.templates', {});
    expect(eventTypes).toHaveLength(13);
    for (const t of eventTypes) {
      const d = await a.call('replay.open', { from: { kind: 'template', eventType: t.type, orderType: orderTypes[3]! } });
      const event = JSON.parse((d.request.body as { text: string }).text) as { type: string; orderType: string; level: string };
      expect(event).toMatchObject({ type: t.type, orderType: orderTypes[3], level: t.level });
    }
    await expect(a.call('replay.open', { from: { kind: 'template', eventType: 'Nope' } })).rejects.toMatchObject({ code: 'invalid-args' });
  });

  it('keeps the method the user chose (PUT, PATCH) through send, save, open and a fixture; new drafts POST', async () => {
    const a = await app();
    const h = await handler();
    const fresh = await a.call('replay.open', { from: { kind: 'template', eventType: 'Created' } });
    expect(fresh.request.method).toBe('POST');
    const { replays } = await a.call('replay.send', { request: spec({ method: 'PUT' }), targetUrl: h.url });
    expect(h.received[0]!.method).toBe('PUT');
    expect(replays[0]!.summary.method).toBe('PUT');
    const saved = await a.call('replay.saveDraft', { name: 'patched', request: spec({ method: 'PATCH' }), targetUrl: h.url });
    expect((await a.call('replay.open', { from: { kind: 'draft', id: saved.id! } })).request.method).toBe('PATCH');
    const fixture = await a.call('replay.export', { format: 'fixture', source: { kind: 'replay', id: replays[0]!.summary.id } });
    const reopened = await a.call('replay.open', { from: { kind: 'fixture', content: fixture.text } });
    expect(reopened.request.method).toBe('PUT');
    expect(reopened.warnings.join(' ')).not.toMatch(/cannot use/);
    // A fixture of a method a replay cannot use opens as POST and says so.
    const odd = await a.call('replay.open', { from: { kind: 'fixture', content: fixture.text.replace('"PUT"', '"DELETE"') } });
    expect(odd.request.method).toBe('POST');
    expect(odd.warnings.join(' ')).toMatch(/"DELETE".*POST instead/);
  });

  it('exports a fixture (never the key) that opens back, a cURL command that resends the exact bytes, and a fetch snippet', async () => {
    const a = await app();
    const h = await handler();
    const { replays } = await a.call('replay.send', { request: spec(), targetUrl: h.url });
    const fixture = await a.call('replay.export', { format: 'fixture', source: { kind: 'replay', id: replays[0]!.summary.id } });
    expect(fixture.text).not.toContain(TEST_KEY);
    const parsed = JSON.parse(fixture.text) as { keyLabel: string; signature: string; bodyBase64: string; bodyText: string };
    expect(parsed).toMatchObject({ keyLabel: KEY_LABEL, bodyText: EVENT, signature: independentSignature(TEST_KEY, EVENT) });
    const reopened = await a.call('replay.open', { from: { kind: 'fixture', content: fixture.text, name: fixture.fileName } });
    expect(reopened.request.body).toEqual({ kind: 'text', text: EVENT });
    expect(reopened.origin.eventId).toBe('4242');
    await expect(a.call('replay.open', { from: { kind: 'fixture', content: '{"nope":1}' } })).rejects.toThrow(/not a Hooklab fixture/);

    const curl = await a.call('replay.export', { format: 'curl', source: { kind: 'replay', id: replays[0]!.summary.id } });
    // Asynchronously: the handler answers from this very process.
    await run('bash', ['-c', `${curl.text} -s -o /dev/null --max-time 10`]);
    expect(h.received[1]!.body.equals(h.received[0]!.body)).toBe(true);
    expect(header(h.received[1]!.rawHeaders, 'X-Svc-Hmac-Sha256')).toBe(header(h.received[0]!.rawHeaders, 'X-Svc-Hmac-Sha256'));
    expect(h.received[1]!.status).toBe(200);

    const snippet = await a.call('replay.export', { format: 'fetch', source: { kind: 'request', request: spec(), targetUrl: h.url } });
    await run(process.execPath, ['--input-type=module', '-e', snippet.text], { timeout: 10_000 });
    expect(h.received[2]!.body.toString()).toBe(EVENT);
    expect(h.received[2]!.status).toBe(200);
  });
});

describe('replay exports of hostile values', () => {
  // A `type` that ends a // comment (line feed, then U+2028) and then writes PWNED if it runs.
  const HOSTILE_TYPE = 'Created\nprocess.stdout.write("PWNED-LF")//\u2028process.stdout.write("PWNED-LS")//';
  const hostileEvent = JSON.stringify({ orderId: '1', orderType: 'FULL', description: 'd', level: 'Info', type: HOSTILE_TYPE, metadata: null });

  it('a fetch() snippet never runs what the event type says, and still sends the exact body', async () => {
    const a = await app();
    const h = await handler();
    const snippet = await a.call('replay.export', { format: 'fetch', source: { kind: 'request', request: spec({ body: { kind: 'text', text: hostileEvent } }), targetUrl: h.url } });
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', snippet.text], { timeout: 10_000 });
    expect(stdout).not.toContain('PWNED');
    expect(stdout.trim()).toMatch(/^200/);
    expect(h.received[0]!.body.toString()).toBe(hostileEvent);
    expect(snippet.text).not.toMatch(/[\u2028\u2029]/);
  });

  it('a fixture carries no raw line or paragraph separator and opens back to the same values', async () => {
    const a = await app();
    const fixture = await a.call('replay.export', { format: 'fixture', source: { kind: 'request', request: spec({ body: { kind: 'text', text: hostileEvent } }), targetUrl: null } });
    expect(fixture.text).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(fixture.text)).toMatchObject({ eventType: HOSTILE_TYPE, bodyText: hostileEvent });
  });

  it('a cURL export of a body beginning with "-" sends that body whole', async () => {
    const a = await app();
    const h = await handler();
    const curl = await a.call('replay.export', { format: 'curl', source: { kind: 'request', request: spec({ body: { kind: 'text', text: '--help me' } }), targetUrl: h.url } });
    await run('bash', ['-c', `${curl.text} -s -o /dev/null --max-time 10`]);
    expect(h.received[0]!.body.toString()).toBe('--help me');
  });
});
