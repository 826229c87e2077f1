import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../../electron/emulator';
import { call, control, expectedSignature, sampleEvent, sandboxWithReceiver, startReceiver, type Receiver } from './helpers';

// docs/service.md#webhooks (headers, signature, delivery semantics): the POST, its three headers, signatures, several URLs, retries, logging.
describe('sandbox webhook dispatch (6.1, 6.2)', () => {
  let sb: RunningSandbox;
  const receivers: Receiver[] = [];
  afterEach(async () => {
    await sb?.close();
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });

  it('POSTs the event body with the three X-Svc headers and a verifiable signature', async () => {
    const env = await sandboxWithReceiver();
    sb = env.sb;
    receivers.push(env.receiver);
    const event = sampleEvent('Created', '42');
    const r = await control(sb, 'POST', `/stores/${env.store.storeId}/events`, { body: event });
    expect(r.status).toBe(201);
    expect(r.body.deliveries).toHaveLength(1);
    const d = r.body.deliveries[0];
    const [got] = await env.receiver.waitFor(1);
    expect(JSON.parse(got!.body)).toEqual(event);
    expect(got!.headers['content-type']).toMatch(/application\/json/);
    expect(got!.headers['x-svc-hmac-sha256']).toBe(expectedSignature('test-key-1', got!.body));
    expect(got!.headers['x-svc-event-id']).toBe(String(d.id));
    expect(got!.headers['x-svc-event-created']).toBe(d.eventCreated);
    expect(d).toMatchObject({ eventId: d.id, eventType: 'Created', url: env.receiver.url, responseStatusCode: 200, delivered: true });
    expect(d.payload).toBe(got!.body);
    expect(d.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('gives each configured URL its own delivery and event id', async () => {
    const a = await startReceiver();
    const b = await startReceiver();
    receivers.push(a, b);
    const env = await sandboxWithReceiver();
    sb = env.sb;
    receivers.push(env.receiver);
    sb.setWebhook(env.store.storeId, ` ${a.url} ; ${b.url};`);
    const deliveries = await sb.dispatchEvent(env.store.storeId, sampleEvent());
    expect(deliveries.map((d) => d.url)).toEqual([a.url, b.url]);
    expect(deliveries[0]!.eventId).not.toBe(deliveries[1]!.eventId);
    const [ga] = await a.waitFor(1);
    const [gb] = await b.waitFor(1);
    expect(ga!.headers['x-svc-event-id']).toBe(String(deliveries[0]!.eventId));
    expect(gb!.headers['x-svc-event-id']).toBe(String(deliveries[1]!.eventId));
  });

  it.each([500, 503, 408])('retries 3 times on %i, then stops and logs not delivered', async (status) => {
    const env = await sandboxWithReceiver({}, () => status);
    sb = env.sb;
    receivers.push(env.receiver);
    const [d] = await sb.dispatchEvent(env.store.storeId, sampleEvent());
    expect(env.receiver.received).toHaveLength(4);
    expect(new Set(env.receiver.received.map((r) => r.headers['x-svc-event-id']))).toEqual(new Set([String(d!.id)]));
    expect(d).toMatchObject({ responseStatusCode: status, delivered: false });
    await sb.idle();
    expect(env.receiver.received).toHaveLength(4);
  });

  it.each([400, 401, 404, 302])('does not retry on %i, and any non-2xx is not delivered', async (status) => {
    const env = await sandboxWithReceiver({}, () => status);
    sb = env.sb;
    receivers.push(env.receiver);
    const [d] = await sb.dispatchEvent(env.store.storeId, sampleEvent());
    expect(env.receiver.received).toHaveLength(1);
    expect(d).toMatchObject({ responseStatusCode: status, delivered: false });
  });

  it('stops retrying once the receiver recovers', async () => {
    const env = await sandboxWithReceiver({}, (_r, i) => (i < 2 ? 502 : 204));
    sb = env.sb;
    receivers.push(env.receiver);
    const [d] = await sb.dispatchEvent(env.store.storeId, sampleEvent());
    expect(env.receiver.received).toHaveLength(3);
    expect(d).toMatchObject({ responseStatusCode: 204, delivered: true });
  });

  it('logs 500 for connection failures and timeouts', async () => {
    const env = await sandboxWithReceiver({ deliveryTimeoutMs: 100 }, () => null);
    sb = env.sb;
    receivers.push(env.receiver);
    const dead = await startReceiver();
    const deadUrl = dead.url;
    await dead.close();
    sb.setWebhook(env.store.storeId, `${deadUrl};${env.receiver.url}`);
    const [refused, timedOut] = await sb.dispatchEvent(env.store.storeId, sampleEvent());
    expect(refused).toMatchObject({ responseStatusCode: 500, delivered: false });
    expect(timedOut).toMatchObject({ responseStatusCode: 500, delivered: false });
    expect(env.receiver.received).toHaveLength(4);
  });

  it('shows responseStatusCode 0 while a delivery is in flight', async () => {
    const env = await sandboxWithReceiver({}, () => null);
    sb = env.sb;
    receivers.push(env.receiver);
    const pending = sb.dispatchEvent(env.store.storeId, sampleEvent());
    await env.receiver.waitFor(1);
    const list = await call('GET', `${sb.apiV3Url}/WebhookEvents`, { bearer: env.token });
    expect(list.body.webhookEvents[0]).toMatchObject({ responseStatusCode: 0, delivered: false });
    env.receiver.release(200);
    const [d] = await pending;
    expect(d).toMatchObject({ responseStatusCode: 200, delivered: true });
  });

  it('sends unloggable deliveries without id headers and keeps them out of history', async () => {
    const env = await sandboxWithReceiver();
    sb = env.sb;
    receivers.push(env.receiver);
    sb.setChaos(env.store.storeId, { unloggedRate: 1 });
    const r = await control(sb, 'POST', `/stores/${env.store.storeId}/events`, { body: sampleEvent() });
    expect(r.status).toBe(201);
    expect(r.body.deliveries).toEqual([]);
    expect(r.body.unlogged).toEqual([{ url: env.receiver.url, responseStatusCode: 200, delivered: true }]);
    const [got] = await env.receiver.waitFor(1);
    expect(got!.headers['x-svc-event-id']).toBeUndefined();
    expect(got!.headers['x-svc-event-created']).toBeUndefined();
    expect(got!.headers['x-svc-hmac-sha256']).toBe(expectedSignature('test-key-1', got!.body));
    const list = await call('GET', `${sb.apiV3Url}/WebhookEvents`, { bearer: env.token });
    expect(list.body.totalCount).toBe(0);
  });

  it('rejects a malformed event with 400 and keeps serving', async () => {
    const env = await sandboxWithReceiver();
    sb = env.sb;
    receivers.push(env.receiver);
    const path = `/stores/${env.store.storeId}/events`;
    const bad = await control(sb, 'POST', path, { body: { orderId: 1 } });
    expect(bad.status).toBe(400);
    expect(typeof bad.body.error).toBe('string');
    expect((await control(sb, 'POST', path, { rawBody: '{nope' })).status).toBe(400);
    expect((await control(sb, 'POST', `/stores/nope/events`, { body: sampleEvent() })).status).toBe(404);
    expect((await control(sb, 'POST', path, { body: sampleEvent() })).status).toBe(201);
  });
});
