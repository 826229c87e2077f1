import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../../electron/emulator';
import { call, control, sampleEvent, sandboxWithReceiver, startReceiver, tokenFor, type Receiver } from './helpers';
import { tempDirs } from '../../../support/temp-dirs';

describe('sandbox chaos (control)', () => {
  let sb: RunningSandbox;
  let receiver: Receiver;
  afterEach(async () => {
    await sb?.close();
    await receiver?.close();
  });

  it('duplicates deliveries: the receiver sees the same event id twice, history logs one', async () => {
    let storeId: string;
    ({ sb, receiver, store: { storeId } } = await sandboxWithReceiver());
    const put = await control(sb, 'PUT', `/stores/${storeId}/chaos`, { body: { duplicateRate: 1 } });
    expect(put.body).toMatchObject({ duplicateRate: 1, unloggedRate: 0 });
    const [d] = await sb.dispatchEvent(storeId, sampleEvent());
    const got = await receiver.waitFor(2);
    expect(got.map((r) => r.headers['x-svc-event-id'])).toEqual([String(d!.id), String(d!.id)]);
    expect(got[0]!.body).toBe(got[1]!.body);
    const token = await tokenFor(sb, sb.defaultStore);
    expect((await call('GET', `${sb.apiV3Url}/WebhookEvents`, { bearer: token })).body.totalCount).toBe(1);
  });

  it('delivers out of order within the reorder window', async () => {
    // A deterministic random source: the first event waits the whole window, the second none.
    const draws = [0, 0.99, 0, 0, 0, 0];
    let i = 0;
    const env = await sandboxWithReceiver({ random: () => draws[i++ % draws.length]! });
    ({ sb, receiver } = env);
    sb.setChaos(env.store.storeId, { reorderWindowMs: 300 });
    const first = sb.dispatchEvent(env.store.storeId, sampleEvent('Created', 'first'));
    const second = sb.dispatchEvent(env.store.storeId, sampleEvent('Cancelled', 'second'));
    await Promise.all([first, second]);
    const order = receiver.received.map((r) => JSON.parse(r.body).orderId);
    expect(order).toEqual(['second', 'first']);
  });

  it('reorders the events of a scenario within the window, and still reports every delivery', async () => {
    // Each event draws for "logged?" then for its wait: Created waits most of the window, Cancelled none.
    const draws = [0.5, 0.99, 0.5, 0];
    let i = 0;
    const env = await sandboxWithReceiver({ random: () => draws[i++] ?? 0.5 });
    ({ sb, receiver } = env);
    sb.setChaos(env.store.storeId, { reorderWindowMs: 400 });
    const result = await sb.runScenario('order-cancelled');
    expect(receiver.received.map((r) => JSON.parse(r.body).type)).toEqual(['Cancelled', 'Created']);
    // The result keeps emission order, with each delivery's final answer.
    expect(result.outcomes.map((o) => [JSON.parse(o.payload).type, o.responseStatusCode, o.delivered])).toEqual([
      ['Created', 200, true],
      ['Cancelled', 200, true],
    ]);
  });

  it('slows service responses of the store only', async () => {
    const env = await sandboxWithReceiver();
    ({ sb, receiver } = env);
    sb.setChaos(env.store.storeId, { slowResponsesMs: 200 });
    const started = Date.now();
    const r = await call('GET', `${sb.apiV3Url}/WebhookEvents`, { bearer: env.token });
    expect(r.status).toBe(200);
    // A lower bound only: the delay must have been applied at all.
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    const reset = await control(sb, 'PUT', `/stores/${env.store.storeId}/chaos`, { body: { reset: true } });
    expect(reset.body).toEqual({ duplicateRate: 0, reorderWindowMs: 0, unloggedRate: 0, slowResponsesMs: 0, failResendLogging: false });
  });
});

describe('sandbox persistence (dataDir)', () => {
  const tempDir = tempDirs('sandbox-');

  it('keeps the default store, orders and history across restarts; ids keep growing', async () => {
    const dir = tempDir();
    const receiver = await startReceiver();
    try {
      const a = await startSandbox({ dataDir: dir, retryDelayMs: 5, defaultStore: { webhookUrl: receiver.url } });
      const tokenA = await tokenFor(a, a.defaultStore);
      const link = await call('POST', `${a.baseUrl}/paymentlink/checkout`, { bearer: tokenA, body: { amount: 9 } });
      await a.idle();
      const [d1] = await a.dispatchEvent(a.defaultStore.storeId, sampleEvent());
      const other = a.createStore();
      await a.close();

      const b = await startSandbox({ dataDir: dir, retryDelayMs: 5 });
      try {
        expect(b.defaultStore).toEqual(a.defaultStore);
        expect(b.getStore(other.storeId)).toEqual(other);
        const tokenB = await tokenFor(b, b.defaultStore);
        // Tokens are not persisted: the old one is refused.
        expect((await call('GET', `${b.apiV3Url}/WebhookEvents`, { bearer: tokenA })).status).toBe(401);
        const list = await call('GET', `${b.apiV3Url}/WebhookEvents?sorts=id`, { bearer: tokenB });
        expect(list.body.totalCount).toBe(2);
        expect(list.body.webhookEvents[1]).toEqual(d1);
        const order = await call('GET', `${b.baseUrl}/paymentlink/order/${link.body.orderCode}`, { bearer: tokenB });
        expect(order.status).toBe(200);
        const [d2] = await b.dispatchEvent(b.defaultStore.storeId, sampleEvent());
        expect(d2!.id).toBeGreaterThan(d1!.id);
        const link2 = await call('POST', `${b.baseUrl}/paymentlink/checkout`, { bearer: tokenB, body: { amount: 9 } });
        expect(link2.body.orderId).toBeGreaterThan(link.body.orderId);
      } finally {
        await b.close();
      }
    } finally {
      await receiver.close();
    }
  });
});
