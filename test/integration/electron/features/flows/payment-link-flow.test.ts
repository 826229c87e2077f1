import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../support/app-harness';
import { collectReceived, typesFor, type Received } from './flow-helpers';

/** The payment-link flow through the core against the embedded sandbox, webhooks included. */
describe('payment-link flow (flows.createPaymentLink, readPaymentLink, orderAction)', () => {
  let app: TestApp;
  let received: Received;
  const linkCalls: string[] = [];
  beforeAll(async () => {
    // The real fetch, counting what reaches the service's payment-link endpoints.
    const counting: typeof fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/paymentlink/')) linkCalls.push(url);
      return fetch(input, init);
    };
    app = await startTestApp({ settings: { listener: { port: 0 } }, fetch: counting });
    received = collectReceived(app);
  });
  afterAll(async () => {
    received.stop();
    await app.close();
  });

  it('Method 1 (products by sku): created with the secret key, read back by its code, Created arrives', async () => {
    const created = await app.call('flows.createPaymentLink', {
      orderReference: 'flow-link-1',
      lineItems: [{ sku: 'CAFE-250', quantity: 2 }, { product: { name: 'Taza pintada', price: 8, requiresShipping: true }, quantity: 1 }],
    });
    expect(created.refused).toBeNull();
    const link = created.result!.value!;
    expect(link.orderCode).toBeTruthy();
    // docs/service.md#authentication: payment-link calls carry the merchant secret key, masked like any bearer.
    expect(Object.fromEntries(created.result!.exchange.requestHeaders).authorization).toBe('Bearer •••');

    const order = await app.call('flows.readPaymentLink', { orderCode: link.orderCode });
    expect(order.exchange.url).toMatch(new RegExp(`/paymentlink/order/${link.orderCode}$`));
    expect(order.value).toMatchObject({ orderId: link.orderId, orderStatus: 'PENDING', orderReference: 'flow-link-1', subtotal: 21 });
    expect(order.value!.lineItems.map((l) => l.name)).toEqual(['Café molido 250 g', 'Taza pintada']);
    await received.until((a) => typesFor(a, String(link.orderId)).includes('Created'));
  });

  it('Method 2 (amount): created and read back with that total', async () => {
    const created = await app.call('flows.createPaymentLink', { amount: 36.5, orderName: 'Pedido por monto' });
    const code = created.result!.value!.orderCode;
    const order = await app.call('flows.readPaymentLink', { orderCode: code });
    expect(order.value).toMatchObject({ total: 36.5, name: 'Pedido por monto', lineItems: [] });
  });

  it('refuses before sending what breaks the limits of 2.6 and 8, naming each field', async () => {
    const before = linkCalls.length;
    const refused = await app.call('flows.createPaymentLink', {
      amount: 10,
      lineItems: [{ sku: 'CAFE-250', quantity: 0 }],
      orderReference: 'r'.repeat(256),
      orderDescription: 'd'.repeat(2049),
    });
    expect(refused.result).toBeNull();
    expect(Object.keys(refused.refused!).sort()).toEqual(['amount', 'lineItems[0].quantity', 'orderDescription', 'orderReference']);
    expect(refused.refused!.orderReference![0]).toMatch(/256 characters; at most 255/);
    const noAmount = await app.call('flows.createPaymentLink', { amount: 0 });
    expect(noAmount.refused!.amount).toEqual(['The amount must be greater than 0.']);
    expect(linkCalls.length).toBe(before);
  });

  it("shows the service's own 400 problem field by field when it refuses", async () => {
    const created = await app.call('flows.createPaymentLink', { lineItems: [{ sku: 'NO-SUCH-SKU', quantity: 1 }], locationCode: 'NOWHERE' });
    expect(created.refused).toBeNull();
    expect(created.result!.exchange.status).toBe(400);
    expect(created.result!.value).toBeNull();
    const errors = created.result!.problem!.errors;
    expect(errors['lineItems[0].sku']?.[0]).toMatch(/NO-SUCH-SKU/);
    expect(Object.keys(errors)).toContain('locationCode');
  });

  it('pay, then each shipping step produces an Updated event with PreviousStatus and NewStatus; finalize; reverse', async () => {
    const created = await app.call('flows.createPaymentLink', { lineItems: [{ sku: 'CAFE-250', quantity: 1 }] });
    const { orderCode, orderId } = created.result!.value!;
    const id = String(orderId);
    const paid = await app.call('flows.orderAction', { orderCode, action: 'pay' });
    expect(paid.exchange.status).toBe(200);
    expect(paid.value).toMatchObject({ order: { status: 'PAID', shippingStatus: 'PENDING' } });

    const steps = ['ACCEPTED', 'READY', 'DISPATCHED', 'ON_ITS_WAY', 'DELIVERED'] as const;
    for (const status of steps) {
      const moved = await app.call('flows.orderAction', { orderCode, action: 'shipping', status, preparationEtaMinutes: 45 });
      expect(moved.exchange.step).toBe(`Ship: move to ${status}`);
      expect(moved.value).toMatchObject({ order: { shippingStatus: status } });
    }
    const backwards = await app.call('flows.orderAction', { orderCode, action: 'shipping', status: 'READY' });
    expect(backwards.exchange.status).toBe(400);
    expect(backwards.exchange.responseBody).toEqual({ error: 'shipping cannot move from DELIVERED to READY; allowed: none' });

    await app.call('flows.orderAction', { orderCode, action: 'finalize' });
    await app.call('flows.orderAction', { orderCode, action: 'reverse' });
    const all = await received.until((a) => typesFor(a, id).includes('SuccessReverse'));
    expect(typesFor(all, id)).toEqual(['Created', 'SuccessPayment', 'Updated', 'Updated', 'Updated', 'Updated', 'Updated', 'Finalized', 'SuccessReverse']);

    const bodies = await Promise.all(all.filter((d) => d.orderId === id && d.eventType === 'Updated').map((d) => app.call('live.get', { id: d.id })));
    const moves = bodies.map((b) => JSON.parse(b.bodyText!).metadata as Record<string, unknown>);
    expect(moves.map((m) => `${String(m.PreviousStatus)}>${String(m.NewStatus)}`)).toEqual([
      'PENDING>ACCEPTED',
      'ACCEPTED>READY',
      'READY>DISPATCHED',
      'DISPATCHED>ON_ITS_WAY',
      'ON_ITS_WAY>DELIVERED',
    ]);
    expect(String(moves[0]!.PreparationEtaMinutes)).toBe('45');
  });

  it('cancel and delete an unpaid order', async () => {
    const a = (await app.call('flows.createPaymentLink', { amount: 5 })).result!.value!;
    const cancelled = await app.call('flows.orderAction', { orderCode: a.orderCode, action: 'cancel', reason: 'cliente desistió' });
    expect(cancelled.value).toMatchObject({ order: { status: 'CANCELLED' } });
    const b = (await app.call('flows.createPaymentLink', { amount: 6 })).result!.value!;
    await app.call('flows.orderAction', { orderCode: b.orderCode, action: 'delete' });
    const gone = await app.call('flows.readPaymentLink', { orderCode: b.orderCode });
    expect(gone.exchange.status).toBe(404);
    const all = await received.until((x) => typesFor(x, String(b.orderId)).includes('Deleted') && typesFor(x, String(a.orderId)).includes('Cancelled'));
    expect(typesFor(all, String(a.orderId))).toEqual(['Created', 'Cancelled']);
  });
});
