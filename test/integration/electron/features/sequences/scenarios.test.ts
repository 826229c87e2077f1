import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../support/app-harness';
import type { EventPayload } from '../../../../../shared/contract';

// The listener on a free port; the sandbox's retries shortened so duplicates arrive quickly.
const settings = { listener: { port: 0 } };

/**
 * A real core (listener, embedded sandbox, history poller, sequences) behind the browser host:
 * the sandbox's scenarios send real signed webhooks to the listener and the orders are read
 * back through sequences.get, as a script would.
 */
describe('sequences over the embedded sandbox', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ settings });
  });
  afterAll(async () => {
    await app?.close();
  });

  const run = async (name: string) => {
    const result = await app.call('sandbox.runScenario', { name });
    return app.call('sequences.get', { orderId: result.orderId! });
  };

  it('3ds-success: paid, 3-D Secure succeeded and confirmed, no flag', async () => {
    const order = await run('3ds-success');
    expect(order.events.map((e) => e.type)).toEqual(['ThreeDSecureAuthSucceeded', 'SuccessPayment']);
    expect(order.summary).toMatchObject({ status: 'PAID', payment: 'paid', threeDs: 'SUCCESS', flags: 0 });
    expect(order.threeDsAttempts).toEqual([expect.objectContaining({ outcome: 'SUCCESS', confirmed: true })]);
    expect(order.payment?.buyer.name).not.toBe('');
  });

  it('3ds-failed: pending, 3-D Secure failed with its reason', async () => {
    const order = await run('3ds-failed');
    expect(order.summary).toMatchObject({ status: 'PENDING', payment: 'none', threeDs: 'FAILED', flags: 0 });
    expect(order.threeDsAttempts).toEqual([expect.objectContaining({ outcome: 'FAILED', confirmed: null, reason: 'AUTHENTICATION_FAILED' })]);
  });

  it('shipping-delivered: paid and delivered through every step of 3.4', async () => {
    const order = await run('shipping-delivered');
    expect(order.summary).toMatchObject({ status: 'PAID', shipping: 'DELIVERED', flags: 0, events: 7 });
    expect(order.shippingSteps.map((s) => `${s.from}>${s.to}:${s.verdict}`)).toEqual([
      'PENDING>ACCEPTED:ok',
      'ACCEPTED>READY:ok',
      'READY>DISPATCHED:ok',
      'DISPATCHED>ON_ITS_WAY:ok',
      'ON_ITS_WAY>DELIVERED:ok',
    ]);
    expect(order.shippingSteps[0]!.etaMinutes).toBe(25);
    expect(order.payment?.lines.some((l) => l.coupon !== null)).toBe(true);
  });

  it('order-cancelled: cancelled', async () => {
    const order = await run('order-cancelled');
    expect(order.summary).toMatchObject({ status: 'CANCELLED', flags: 0 });
    expect(order.orderPath.map((p) => p.status)).toEqual(['PENDING', 'CANCELLED']);
  });

  it('reversal: paid, payment reversed', async () => {
    const order = await run('reversal');
    expect(order.summary).toMatchObject({ status: 'PAID', payment: 'reversed', flags: 0 });
  });

  it('a received delivery and its history copy are one event: polling history adds no duplicate', async () => {
    const result = await app.call('sandbox.runScenario', { name: 'order-finalized' });
    await app.call('history.pollNow', {});
    const order = await app.call('sequences.get', { orderId: result.orderId! });
    expect(order.summary).toMatchObject({ status: 'FINALIZED', flags: 0 });
    for (const e of order.events) expect(new Set(e.deliveries.map((d) => d.source))).toEqual(new Set(['live', 'history']));
  });

  it('lists the orders newest first, filters them, and announces changes', async () => {
    const before = await app.call('sequences.list', {});
    const changed = new Promise<EventPayload<'sequences.changed'>>((resolve) => {
      const off = app.core.ctx.runtime.bus.subscribe((event, payload) => {
        if (event === 'sequences.changed') {
          off();
          resolve(payload as EventPayload<'sequences.changed'>);
        }
      });
    });
    const result = await app.call('sandbox.runScenario', { name: 'order-deleted' });
    expect((await changed).orderIds).toContain(result.orderId!);
    const after = await app.call('sequences.list', {});
    expect(after.allOrders).toBe(before.allOrders + 1);
    expect(after.orders[0]!.orderId).toBe(result.orderId);
    const deleted = await app.call('sequences.list', { status: 'deleted' });
    expect(deleted.orders.map((o) => o.orderId)).toEqual([result.orderId]);
    const text = await app.call('sequences.list', { text: result.orderId! });
    expect(text.orders.map((o) => o.orderId)).toEqual([result.orderId]);
    expect((await app.call('sequences.list', { hasFlags: true, text: result.orderId! })).total).toBe(0);
  });

  it('keeps bad input with its reason: an unknown type in its order, a non-JSON body apart', async () => {
    const sent = await app.call('sandbox.sendEvent', {
      event: { orderId: 'bad-input-1', orderType: 'FULL', description: 'x', level: 'Info', type: 'Refunded', metadata: null },
    });
    expect(sent.deliveries).toHaveLength(1);
    const order = await app.call('sequences.get', { orderId: 'bad-input-1' });
    expect(order.events).toEqual([]);
    expect(order.badInputs.map((b) => b.reason)).toEqual(['unknown event type "Refunded" (not one the service sends)']);

    const port = app.core.ctx.runtime.status.get().listener.port;
    const res = await fetch(`http://127.0.0.1:${port}/webhooks`, { method: 'POST', body: 'not json at all' });
    expect(res.status).toBe(200);
    const list = await app.call('sequences.list', {});
    expect(list.unassigned[0]).toMatchObject({ reason: 'the body is not JSON', delivery: { source: 'live' } });
  });

  it('answers not-found for an order no delivery names, and accepts a numeric id', async () => {
    await expect(app.call('sequences.get', { orderId: 'no-such-order' })).rejects.toMatchObject({ code: 'not-found' });
    await app.call('sandbox.sendEvent', { event: { orderId: '987654', orderType: 'FULL', description: 'x', level: 'Info', type: 'Created', metadata: null } });
    expect((await app.call('sequences.get', { orderId: 987654 })).summary.orderId).toBe('987654');
  });
});
