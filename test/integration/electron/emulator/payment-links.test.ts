import { describe, expect, it } from 'vitest';
import { PaymentLinkOrderSchema } from '../../../../shared/service';
import { call, control, sandboxPerTest } from './helpers';

// docs/service.md#payment-links (request, order, validation problem, limits): payment links.
describe('sandbox payment links (4.4, 4.5, 2.6, 2.7, 8)', () => {
  const env = sandboxPerTest();
  const setup = env.setup;
  const create = (body: unknown) => call('POST', `${env.sb.baseUrl}/paymentlink/checkout`, { bearer: env.token, body });
  const read = (code: string) => call('GET', `${env.sb.baseUrl}/paymentlink/order/${code}`, { bearer: env.token });

  it('Method 2 (amount): defaults, the 2.7 order, Created with FASTLINK_CHARGE', async () => {
    await setup();
    const r = await create({ amount: 15.5 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ orderCode: expect.any(String), orderId: expect.any(Number), paymentLinkUrl: expect.stringContaining(r.body.orderCode) });
    const o = await read(r.body.orderCode);
    expect(o.status).toBe(200);
    PaymentLinkOrderSchema.parse(o.body);
    expect(o.body).toMatchObject({
      orderId: r.body.orderId, orderCode: r.body.orderCode, name: 'PaymentLink Order', description: null,
      orderStatus: 'PENDING', subtotal: 15.5, total: 15.5, lineItems: [], payment: null,
      totalDetails: { shippingAmount: 0, discountAmount: 0, surchargeAmount: 0 },
    });
    expect(o.body.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(o.body.store).toMatchObject({ currencyCode: 'USD', countryCode: expect.any(String), locale: expect.any(String), timezone: expect.any(String) });
    const [got] = await env.receiver.waitFor(1);
    expect(JSON.parse(got!.body)).toMatchObject({ type: 'Created', level: 'Info', orderType: 'FASTLINK_CHARGE', orderId: String(r.body.orderId), metadata: null });
  });

  it('Method 1 (lineItems): catalogue skus and one-time products, totals computed', async () => {
    await setup();
    const r = await create({
      orderReference: 'ref-1', orderName: 'Mi pedido', orderDescription: 'desc',
      successUrl: 'https://shop.example/ok', cancelUrl: 'https://shop.example/cancel', locationCode: 'SUC-NORTE',
      metadata: [{ name: 'canal', value: 'web' }],
      lineItems: [
        { sku: 'CAFE-250', quantity: 2 },
        { sku: 'TAZA-001', quantity: 1 },
        { product: { name: 'Envoltorio', price: 1.25, imageUrl: 'https://x/y.png' }, quantity: 4 },
      ],
    });
    expect(r.status).toBe(200);
    const o = (await read(r.body.orderCode)).body;
    expect(o.lineItems).toEqual([
      expect.objectContaining({ sku: 'CAFE-250', price: 6.5, quantity: 2, subTotal: 13, promoPrice: null }),
      expect.objectContaining({ sku: 'TAZA-001', price: 12, promoPrice: 9.99, quantity: 1, subTotal: 12 }),
      expect.objectContaining({ sku: null, name: 'Envoltorio', price: 1.25, quantity: 4, subTotal: 5, imageUrl: 'https://x/y.png' }),
    ]);
    expect(o.subtotal).toBe(30);
    expect(o.totalDetails).toEqual({ shippingAmount: 3.5, discountAmount: 2.01, surchargeAmount: 0 });
    expect(o.total).toBe(31.49);
    expect(o).toMatchObject({ orderReference: 'ref-1', name: 'Mi pedido', description: 'desc', successUrl: 'https://shop.example/ok', metadata: [{ name: 'canal', value: 'web' }] });
  });

  it('enforces exactly one of amount and lineItems, and amount > 0', async () => {
    await setup();
    for (const body of [{}, { amount: 5, lineItems: [{ sku: 'CAFE-250', quantity: 1 }] }, { amount: 0 }, { amount: -3 }, { amount: '5' }]) {
      const r = await create(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toMatchObject({ type: expect.stringContaining('6.5.1'), title: expect.any(String), status: 400 });
      expect(r.body.errors.amount).toEqual(expect.arrayContaining([expect.any(String)]));
    }
    expect((await create({ amount: 0 })).body.errors.amount[0]).toMatch(/greater than 0/);
  });

  it('enforces every limit of 2.6 and section 8 with field-named 400 problems', async () => {
    await setup();
    const long = (n: number) => 'x'.repeat(n);
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 1, orderReference: long(256) }, 'orderReference'],
      [{ amount: 1, orderName: long(256) }, 'orderName'],
      [{ amount: 1, orderDescription: long(2049) }, 'orderDescription'],
      [{ lineItems: [{ product: { name: 'a', price: 1, imageUrl: long(513) }, quantity: 1 }] }, 'lineItems[0].product.imageUrl'],
      [{ lineItems: [] }, 'lineItems'],
      [{ lineItems: [{ sku: 'NOPE', quantity: 1 }] }, 'lineItems[0].sku'],
      [{ lineItems: [{ quantity: 1 }] }, 'lineItems[0]'],
      [{ lineItems: [{ sku: 'CAFE-250', product: { name: 'a', price: 1 }, quantity: 1 }] }, 'lineItems[0]'],
      [{ lineItems: [{ sku: 'CAFE-250' }] }, 'lineItems[0].quantity'],
      [{ lineItems: [{ sku: 'CAFE-250', quantity: 1.5 }] }, 'lineItems[0].quantity'],
      [{ lineItems: [{ product: { price: 1 }, quantity: 1 }] }, 'lineItems[0].product.name'],
      [{ lineItems: [{ product: { name: 'a' }, quantity: 1 }] }, 'lineItems[0].product.price'],
      [{ amount: 1, metadata: [{ name: 'a' }] }, 'metadata[0].value'],
      [{ amount: 1, metadata: [{ value: 'a' }] }, 'metadata[0].name'],
      [{ amount: 1, expirationMinutes: 0 }, 'expirationMinutes'],
      [{ amount: 1, locationCode: 'NOWHERE' }, 'locationCode'],
    ];
    for (const [body, field] of cases) {
      const r = await create(body);
      expect(r.status, field).toBe(400);
      expect(Object.keys(r.body.errors), field).toContain(field);
    }
    // Exactly at the limits is fine.
    const ok = await create({ amount: 1, orderReference: long(255), orderName: long(255), orderDescription: long(2048), lineItems: undefined });
    expect(ok.status).toBe(200);
    const img = await create({ lineItems: [{ product: { name: 'a', price: 1, imageUrl: long(512) }, quantity: 1 }] });
    expect(img.status).toBe(200);
    expect((await create(undefined)).status).toBe(400);
    expect((await call('POST', `${env.sb.baseUrl}/paymentlink/checkout`, { bearer: env.token, rawBody: '{bad' })).status).toBe(400);
  });

  it('answers 404 with a JSON body for an unknown code', async () => {
    await setup();
    const r = await read('NOSUCHCODE');
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ status: 404 });
  });

  it('links expire after expirationMinutes: the buyer can no longer pay', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    await setup({ clock: { now: () => now }, tokenLifetimeSeconds: 86_400 * 7 });
    const short = await create({ amount: 3, expirationMinutes: 10 });
    const dflt = await create({ amount: 3 });
    now += 10 * 60_000;
    const pay = await control(env.sb, 'POST', `/orders/${short.body.orderCode}/pay`, { body: {} });
    expect(pay.status).toBe(400);
    expect(pay.body.error).toMatch(/expired/);
    expect((await read(short.body.orderCode)).body.orderStatus).toBe('PENDING');
    // The default is 1440 minutes: still payable after 10.
    expect((await control(env.sb, 'POST', `/orders/${dflt.body.orderCode}/pay`, { body: {} })).status).toBe(200);
    now += 1430 * 60_000;
    const late = await create({ amount: 1 });
    now += 1440 * 60_000;
    expect((await control(env.sb, 'POST', `/orders/${late.body.orderCode}/pay`, { body: {} })).status).toBe(400);
  });
});
