import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../../electron/emulator';
import { SuccessPaymentMetadataSchema, WebhookEventSchema } from '../../../../shared/service';
import { call, control, sandboxWithReceiver, type Receiver } from './helpers';

// docs/service.md#order-status, #shipping-status, #coupon-status, #order-by-id, #event-types, #successpayment-metadata and the control API's order moves and scenarios.
describe('sandbox order lifecycle, events and scenarios (3.4, 6.4, 6.5, control)', () => {
  let sb: RunningSandbox;
  let receiver: Receiver;
  let token: string;
  let storeId: string;
  afterEach(async () => {
    await sb?.close();
    await receiver?.close();
  });
  async function setup() {
    const env = await sandboxWithReceiver();
    ({ sb, receiver, token } = env);
    storeId = env.store.storeId;
  }
  const link = async (body: unknown = { lineItems: [{ sku: 'CAFE-250', quantity: 1 }] }) =>
    (await call('POST', `${sb.baseUrl}/paymentlink/checkout`, { bearer: token, body })).body as { orderCode: string; orderId: number };
  const move = (code: string, action: string, body: unknown = {}) => control(sb, 'POST', `/orders/${code}/${action}`, { body });
  const eventsOf = (r: { body: { deliveries: { payload: string }[] } }) => r.body.deliveries.map((d) => JSON.parse(d.payload));

  it('pay emits SuccessPayment with the full 6.5 metadata and coupon objects with 3.5 statuses', async () => {
    await setup();
    const { orderCode, orderId } = await link({
      orderReference: 'ref-pay',
      lineItems: [
        { sku: 'CUPON-2X1', quantity: 1 },
        { sku: 'CUPON-VERANO', quantity: 1 },
        { sku: 'CUPON-VENCIDO', quantity: 1 },
        { sku: 'CUPON-AGOTADO', quantity: 1 },
        { sku: 'CAFE-250', quantity: 2 },
      ],
    });
    const r = await move(orderCode, 'pay', { buyer: { name: 'Eva', email: 'eva@example.com', phone: '+503 7777' } });
    expect(r.status).toBe(200);
    const [e] = eventsOf(r);
    WebhookEventSchema.parse(e);
    expect(e).toMatchObject({ type: 'SuccessPayment', level: 'Info', orderType: 'FASTLINK_CHARGE', orderId: String(orderId), orderReference: 'ref-pay' });
    const m = SuccessPaymentMetadataSchema.parse(e.metadata);
    expect(m).toMatchObject({ Status: 'SUCCEEDED', BuyerName: 'Eva', BuyerEmail: 'eva@example.com', OrderReference: 'ref-pay', PaidAmount: '36.50' });
    expect(m.OrderTotalDetails).toEqual({ subtotal: '33.00', shippingAmount: '3.50', discountAmount: '0.00', surchargeAmount: '0.00', total: '36.50' });
    expect(m.orderDetail.map((d) => d.coupon?.status ?? null)).toEqual(['Unredeemed', 'Scheduled', 'Expired', 'Redeemed', null]);
    expect(m.orderDetail[0]!.coupon).toMatchObject({ code: expect.any(String), qrCodeUrl: expect.any(String), redemptionLimit: '100', redemptionCount: '3' });
    const o = (await call('GET', `${sb.baseUrl}/paymentlink/order/${orderCode}`, { bearer: token })).body;
    expect(o.orderStatus).toBe('PAID');
    expect(o.payment).toMatchObject({ authorizationCode: m.AuthorizationCode, buyer: { name: 'Eva', email: 'eva@example.com', phone: '+503 7777' } });
    expect((await move(orderCode, 'pay')).status).toBe(400);
  });

  it('pay with a declining test card emits PaymentError and leaves the order PENDING', async () => {
    await setup();
    const { orderCode } = await link();
    const r = await move(orderCode, 'pay', { card: '4000000000000002' });
    expect(r.body.error.code).toBe('CARD_DECLINED');
    expect(eventsOf(r)[0]).toMatchObject({ type: 'PaymentError', level: 'Error', orderType: 'FASTLINK_CHARGE' });
    expect(r.body.order.status).toBe('PENDING');
    expect((await move(orderCode, 'pay', { card: '4242424242424241' })).status).toBe(400);
  });

  it('shipping walks 3.4 with Updated events; PreparationEtaMinutes only on PENDING -> ACCEPTED', async () => {
    await setup();
    const { orderCode } = await link();
    expect((await move(orderCode, 'shipping', { status: 'ACCEPTED' })).status).toBe(400);
    await move(orderCode, 'pay');
    expect((await move(orderCode, 'shipping', { status: 'READY' })).status).toBe(400);
    const path = ['ACCEPTED', 'READY', 'DISPATCHED', 'ON_ITS_WAY', 'DELIVERED'];
    let prev = 'PENDING';
    for (const status of path) {
      const r = await move(orderCode, 'shipping', { status, preparationEtaMinutes: 20 });
      expect(r.status).toBe(200);
      const [e] = eventsOf(r);
      const expected: Record<string, string> = { PreviousStatus: prev, NewStatus: status };
      if (prev === 'PENDING') expected.PreparationEtaMinutes = '20';
      expect(e).toMatchObject({ type: 'Updated', level: 'Info', orderType: 'FASTLINK_CHARGE' });
      expect(e.metadata).toEqual(expected);
      prev = status;
    }
    expect((await move(orderCode, 'shipping', { status: 'REJECTED' })).status).toBe(400);
    expect((await move(orderCode, 'shipping', { status: 'FLYING' })).status).toBe(400);
  });

  it('cancel, finalize and delete emit Cancelled (with reason), Finalized, Deleted', async () => {
    await setup();
    const a = await link();
    const c = await move(a.orderCode, 'cancel', { reason: 'Sin stock' });
    expect(eventsOf(c)[0]).toMatchObject({ type: 'Cancelled', level: 'Info', metadata: null });
    expect(eventsOf(c)[0].description).toContain('Sin stock');
    expect((await move(a.orderCode, 'finalize')).status).toBe(400);
    const b = await link();
    await move(b.orderCode, 'pay');
    expect((await move(b.orderCode, 'cancel')).status).toBe(400);
    expect(eventsOf(await move(b.orderCode, 'finalize'))[0]).toMatchObject({ type: 'Finalized', orderType: 'FASTLINK_CHARGE' });
    const d = await move(b.orderCode, 'delete');
    expect(eventsOf(d)[0]).toMatchObject({ type: 'Deleted', orderId: String(b.orderId) });
    expect((await call('GET', `${sb.baseUrl}/paymentlink/order/${b.orderCode}`, { bearer: token })).status).toBe(404);
    expect((await call('GET', `${sb.apiV3Url}/Orders/${b.orderId}`, { bearer: token })).status).toBe(404);
    expect((await move(b.orderCode, 'finalize')).status).toBe(404);
  });

  it('reverse emits SuccessReverse or ReverseError; Orders/{id} shows the current state', async () => {
    await setup();
    const a = await link();
    expect((await move(a.orderCode, 'reverse')).status).toBe(400);
    await move(a.orderCode, 'pay');
    const failed = await move(a.orderCode, 'reverse', { fail: true });
    expect(eventsOf(failed)[0]).toMatchObject({ type: 'ReverseError', level: 'Error' });
    const ok = await move(a.orderCode, 'reverse');
    expect(eventsOf(ok)[0]).toMatchObject({ type: 'SuccessReverse', level: 'Info', orderType: 'FASTLINK_CHARGE' });
    expect((await move(a.orderCode, 'reverse')).status).toBe(400);
    const view = await call('GET', `${sb.apiV3Url}/Orders/${a.orderId}`, { bearer: token });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ id: String(a.orderId), orderCode: a.orderCode, orderType: 'FASTLINK_CHARGE', status: 'PAID', shippingStatus: 'PENDING', payment: { reversal: 'REVERSED' } });
    expect((await call('GET', `${sb.apiV3Url}/Orders/999`, { bearer: token })).status).toBe(404);
  });

  it('lists scenarios and runs each; every event of one order shares its orderType', async () => {
    await setup();
    const listed = await control(sb, 'GET', `/scenarios`);
    const names = listed.body.scenarios.map((s: { name: string }) => s.name);
    const expected: Record<string, string[]> = {
      'payment-link-paid': ['Created', 'SuccessPayment'],
      '3ds-success': ['ThreeDSecureAuthSucceeded', 'SuccessPayment'],
      '3ds-failed': ['ThreeDSecureAuthFailed'],
      '3ds-expired': ['ThreeDSecureAuthExpired'],
      'shipping-delivered': ['Created', 'SuccessPayment', 'Updated', 'Updated', 'Updated', 'Updated', 'Updated'],
      'order-cancelled': ['Created', 'Cancelled'],
      reversal: ['Created', 'SuccessPayment', 'SuccessReverse'],
      'payment-error': ['PaymentError'],
    };
    expect(names).toEqual(expect.arrayContaining(Object.keys(expected)));
    for (const s of listed.body.scenarios) expect(s.description.length).toBeGreaterThan(10);
    for (const [name, types] of Object.entries(expected)) {
      const r = await control(sb, 'POST', `/scenarios/${name}`, { body: { storeId } });
      expect(r.status, name).toBe(200);
      const events = eventsOf(r);
      expect(events.map((e) => e.type), name).toEqual(types);
      expect(new Set(events.map((e) => e.orderType)).size, name).toBe(1);
      expect(new Set(events.map((e) => e.orderId)), name).toEqual(new Set([r.body.orderId]));
    }
    expect((await control(sb, 'POST', `/scenarios/nope`, { body: { storeId } })).status).toBe(404);
    expect((await control(sb, 'POST', `/scenarios/reversal`, { body: { storeId: 'nope' } })).status).toBe(404);
    expect((await control(sb, 'POST', `/scenarios/reversal`, { body: { storeId: 5 } })).status).toBe(400);
  });
});

describe('sandbox control API stores (control)', () => {
  let sb: RunningSandbox;
  let receiver: Receiver;
  afterEach(async () => {
    await sb?.close();
    await receiver?.close();
  });

  it('creates, reads and reconfigures stores; bad requests get 400 with a message', async () => {
    ({ sb, receiver } = await sandboxWithReceiver());
    const created = await control(sb, 'POST', `/stores`, { body: { webhookUrl: receiver.url, webhookKey: 'k1' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ webhookUrl: receiver.url, webhookKey: 'k1' });
    for (const k of ['storeId', 'clientId', 'clientSecret', 'secretKey']) expect(typeof created.body[k]).toBe('string');
    const bare = await control(sb, 'POST', `/stores`);
    expect(bare.status).toBe(201);
    expect(bare.body.webhookUrl).toBe('');
    expect(bare.body.webhookKey.length).toBeGreaterThan(10);
    const got = await control(sb, 'GET', `/stores/${created.body.storeId}`);
    expect(got.body).toMatchObject(created.body);
    const put = await control(sb, 'PUT', `/stores/${created.body.storeId}/webhook`, { body: { url: `${receiver.url};${receiver.url}/2`, key: 'k2' } });
    expect(put.body).toMatchObject({ webhookUrl: `${receiver.url};${receiver.url}/2`, webhookKey: 'k2' });
    const bad: [string, string, unknown][] = [
      ['POST', '/stores', { webhookUrl: 'ftp://x' }],
      ['POST', '/stores', { webhookKey: '' }],
      ['POST', '/stores', [1]],
      [`PUT`, `/stores/${created.body.storeId}/webhook`, { url: 5 }],
      [`PUT`, `/stores/${created.body.storeId}/webhook`, { url: 'not a url' }],
      [`PUT`, `/stores/${created.body.storeId}/chaos`, { duplicateRate: 2 }],
      [`PUT`, `/stores/${created.body.storeId}/chaos`, { bogus: 1 }],
      [`POST`, `/orders/NOPE/shipping`, { status: 'READY' }],
    ];
    for (const [method, path, body] of bad) {
      const r = await control(sb, method, `${path}`, { body });
      expect([400, 404], `${method} ${path}`).toContain(r.status);
      expect(typeof r.body.error).toBe('string');
    }
    expect((await control(sb, 'GET', `/stores/nope`)).status).toBe(404);
    expect((await control(sb, 'POST', `/stores`, { rawBody: '{' })).status).toBe(400);
    expect((await control(sb, 'GET', `/stores/${created.body.storeId}`)).status).toBe(200);
  });
});
