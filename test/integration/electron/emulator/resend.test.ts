import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../../electron/emulator';
import { call, control, expectedSignature, sampleEvent, sandboxWithReceiver, startReceiver, tokenFor, type Receiver } from './helpers';

// docs/service.md#resend and #delivery-history-errors: every rule of Resend.
describe('sandbox resend (4.9)', () => {
  let sb: RunningSandbox;
  const receivers: Receiver[] = [];
  afterEach(async () => {
    await sb?.close();
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });
  async function setup(respond?: Receiver['respond']) {
    const env = await sandboxWithReceiver({}, respond);
    sb = env.sb;
    receivers.push(env.receiver);
    return env;
  }
  const resend = (token: string, id: number | string) =>
    call('POST', `${sb.apiV3Url}/WebhookEvents/${id}/Resend`, { bearer: token });

  it('resends with a new id, the same eventId and eventCreated, signed with the current key', async () => {
    const env = await setup((_r, i) => (i < 4 ? 500 : 200));
    const [original] = await sb.dispatchEvent(env.store.storeId, sampleEvent());
    expect(original!.delivered).toBe(false);
    sb.setWebhook(env.store.storeId, env.receiver.url, 'rotated-key');
    const r = await resend(env.token, original!.id);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ eventId: original!.eventId, eventCreated: original!.eventCreated, payload: original!.payload, delivered: true, responseStatusCode: 200 });
    expect(r.body.id).toBeGreaterThan(original!.id);
    const got = env.receiver.received[4]!;
    expect(got.headers['x-svc-event-id']).toBe(String(original!.eventId));
    expect(got.headers['x-svc-event-created']).toBe(original!.eventCreated);
    expect(got.headers['x-svc-hmac-sha256']).toBe(expectedSignature('rotated-key', got.body));
    expect(got.body).toBe(original!.payload);
    // The original stays failed.
    const again = await call('GET', `${sb.apiV3Url}/WebhookEvents/${original!.id}`, { bearer: env.token });
    expect(again.body.delivered).toBe(false);
    // A resend of a resend keeps the original event id.
    const second = await resend(env.token, r.body.id);
    expect(second.body.eventId).toBe(original!.eventId);
    expect(second.body.id).toBeGreaterThan(r.body.id);
  });

  it('answers 200 with delivered false when the receiver refuses (one attempt, no retries)', async () => {
    const env = await setup(() => 503);
    const [original] = await sb.dispatchEvent(env.store.storeId, sampleEvent());
    const before = env.receiver.received.length;
    const r = await resend(env.token, original!.id);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ delivered: false, responseStatusCode: 503 });
    expect(env.receiver.received.length).toBe(before + 1);
  });

  it('targets the original URL when still configured, matching case and spaces loosely', async () => {
    const env = await setup();
    const other = await startReceiver();
    receivers.push(other);
    const [original] = await sb.dispatchEvent(env.store.storeId, sampleEvent());
    const upper = env.receiver.url.replace('http://', 'HTTP://').replace('/hook', '/HOOK');
    sb.setWebhook(env.store.storeId, `${other.url} ;  ${upper}  `);
    const r = await resend(env.token, original!.id);
    expect(r.status).toBe(200);
    expect(other.received).toHaveLength(0);
    expect(env.receiver.received).toHaveLength(2);
  });

  it('sends to every configured URL when the original is gone: failed if any failed, else the last', async () => {
    const env = await setup();
    const ok1 = await startReceiver();
    const ok2 = await startReceiver();
    const bad = await startReceiver(() => 500);
    receivers.push(ok1, ok2, bad);
    const [original] = await sb.dispatchEvent(env.store.storeId, sampleEvent());
    sb.setWebhook(env.store.storeId, `${ok1.url};${ok2.url}`);
    const r1 = await resend(env.token, original!.id);
    expect(r1.body).toMatchObject({ url: ok2.url, delivered: true, eventId: original!.eventId });
    expect(ok1.received).toHaveLength(1);
    sb.setWebhook(env.store.storeId, `${ok1.url};${bad.url};${ok2.url}`);
    const r2 = await resend(env.token, original!.id);
    expect(r2.body).toMatchObject({ url: bad.url, delivered: false, responseStatusCode: 500 });
    expect(ok2.received).toHaveLength(2);
    const all = await call('GET', `${sb.apiV3Url}/WebhookEvents?filters=${encodeURIComponent(`id>${original!.id}`)}&sorts=id`, { bearer: env.token });
    expect(all.body.webhookEvents.map((d: { eventId: number }) => d.eventId)).toEqual(Array(5).fill(original!.eventId));
  });

  it('answers 400 when the store has no webhook URL (empty or only separators)', async () => {
    const env = await setup();
    const [original] = await sb.dispatchEvent(env.store.storeId, sampleEvent());
    for (const setting of ['', ' ; ; ']) {
      const put = await control(sb, 'PUT', `/stores/${env.store.storeId}/webhook`, { body: { url: setting } });
      expect(put.status).toBe(200);
      const r = await resend(env.token, original!.id);
      expect(r.status).toBe(400);
      expect(r.body.status).toBe(400);
    }
  });

  it('answers 404 for unknown ids and another store’s delivery', async () => {
    const env = await setup();
    const [original] = await sb.dispatchEvent(env.store.storeId, sampleEvent());
    expect((await resend(env.token, 987654)).status).toBe(404);
    const other = sb.createStore({ webhookUrl: env.receiver.url });
    expect((await resend(await tokenFor(sb, other), original!.id)).status).toBe(404);
  });

  it('answers 500 (7.2 body) when the resend cannot be logged; the receiver still gets it with the event id', async () => {
    const env = await setup();
    const [original] = await sb.dispatchEvent(env.store.storeId, sampleEvent());
    sb.setChaos(env.store.storeId, { failResendLogging: true });
    const r = await resend(env.token, original!.id);
    expect(r.status).toBe(500);
    expect(r.body).toMatchObject({ status: 500, type: expect.stringContaining('6.6.1') });
    expect(r.body.errors).toBeUndefined();
    const [, got] = await env.receiver.waitFor(2);
    expect(got!.headers['x-svc-event-id']).toBe(String(original!.eventId));
    const list = await call('GET', `${sb.apiV3Url}/WebhookEvents`, { bearer: env.token });
    expect(list.body.totalCount).toBe(1);
  });
});
