import { describe, expect, it } from 'vitest';
import { CARD_API_ORDER_TYPE } from '../../../../shared/service';
import { call, paymentMethodBody, sandboxPerTest } from './helpers';

// docs/service.md#card-payments, #3-d-secure, #charge-status, #charge-failures: payment methods, charges, 3DS, test cards.
describe('sandbox cards and charges (4.2, 4.3, 3.1, 7.3)', () => {
  const env = sandboxPerTest();
  const setup = env.setup;
  const pm = (body: unknown) => call('POST', `${env.sb.baseUrl}/paymentmethods`, { bearer: env.token, body });
  const charge = (body: unknown) => call('POST', `${env.sb.baseUrl}/charges`, { bearer: env.token, body });
  const cardId = async (number: string) => (await pm(paymentMethodBody(number))).body.id as string;
  const order = (id = `ord-${Math.random()}`, amount = 25) => ({ id, amount, description: 'Compra', name: 'Pedido' });
  const events = async (n: number) => (await env.receiver.waitFor(n)).map((r) => JSON.parse(r.body));

  it('creates a payment method with bin data (three-letter country)', async () => {
    await setup();
    const r = await pm(paymentMethodBody('4242424242424242'));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ type: 'card', success: true, bin: { brand: 'VISA', countryCode: 'SLV' } });
    expect(r.body.bin.issuerName).toBeTruthy();
    expect((await pm(paymentMethodBody('4000008400001629'))).body.bin.countryCode).toBe('USA');
    expect((await pm(paymentMethodBody('4000001240000000'))).body.bin.countryCode).toBe('CAN');
  });

  it('rejects bad card data with 400 naming each bad field', async () => {
    await setup();
    const base = paymentMethodBody('4242424242424242');
    const cases: [Record<string, unknown>, string][] = [
      [{ number: '4242424242424241' }, 'card.number'],
      [{ number: '4242-4242' }, 'card.number'],
      [{ expirationMonth: '13' }, 'card.expirationMonth'],
      [{ expirationMonth: '00' }, 'card.expirationMonth'],
      [{ expirationMonth: '1' }, 'card.expirationMonth'],
      [{ expirationYear: '2020' }, 'card.expirationYear'],
      [{ expirationYear: '99' }, 'card.expirationYear'],
      [{ cvv: '12a' }, 'card.cvv'],
      [{ cvv: undefined }, 'card.cvv'],
      [{ cardHolder: '' }, 'card.cardHolder'],
    ];
    for (const [patch, field] of cases) {
      const r = await pm({ ...base, card: { ...base.card, ...patch } });
      expect(r.status, field).toBe(400);
      expect(Object.keys(r.body.errors), JSON.stringify(patch)).toContain(field);
      expect(r.body).toMatchObject({ status: 400, type: expect.stringContaining('6.5.1') });
    }
    const many = await pm({ card: { number: '1' } });
    expect(Object.keys(many.body.errors)).toEqual(
      expect.arrayContaining(['customer', 'card.number', 'card.expirationMonth', 'card.expirationYear', 'card.cvv', 'card.cardHolder']),
    );
    const customer = await pm({ ...base, customer: { id: 'x' } });
    expect(Object.keys(customer.body.errors)).toEqual(['customer.name', 'customer.email', 'customer.phoneNumber']);
  });

  it('rejects an expired card but accepts the current month', async () => {
    const now = Date.parse('2030-06-15T12:00:00Z');
    await setup({ clock: { now: () => now } });
    const base = paymentMethodBody('4242424242424242');
    expect((await pm({ ...base, card: { ...base.card, expirationMonth: '05', expirationYear: '2030' } })).status).toBe(400);
    expect((await pm({ ...base, card: { ...base.card, expirationMonth: '06', expirationYear: '2030' } })).status).toBe(200);
  });

  it('4242... succeeds: order filled, SuccessPayment with the card API orderType', async () => {
    await setup();
    const o = order('ref-ok', 19.99);
    const r = await charge({ order: o, cardId: await cardId('4242424242424242'), authenticationId: null });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'SUCCEEDED', error: null, authentication: null });
    expect(r.body.order).toMatchObject({ reference: 'ref-ok', amount: 19.99, currency: 'USD' });
    expect(r.body.order.authorizationCode).toMatch(/^\d{6}$/);
    expect(r.body.createdAt).toMatch(/Z$/);
    const [e] = await events(1);
    expect(e).toMatchObject({ type: 'SuccessPayment', level: 'Info', orderType: CARD_API_ORDER_TYPE, orderId: r.body.order.id, orderReference: 'ref-ok' });
    expect(e.metadata).toMatchObject({ Status: 'SUCCEEDED', PaidAmount: '19.99', AuthorizationCode: r.body.order.authorizationCode });
    // Any other Luhn-valid number succeeds too.
    expect((await charge({ order: order(), cardId: await cardId('5555555555554444'), authenticationId: null })).body.status).toBe('SUCCEEDED');
  });

  it.each([
    ['4000000000000002', 'CARD_DECLINED'],
    ['4100000000000019', 'FRAUD_PREVENT'],
  ])('%s fails with %s: error filled, order and authentication null, PaymentError', async (number, code) => {
    await setup();
    const r = await charge({ order: order(), cardId: await cardId(number), authenticationId: null });
    expect(r.body).toMatchObject({ status: 'FAILED', order: null, authentication: null, error: { code } });
    expect(r.body.message).toContain(r.body.error.message);
    const [e] = await events(1);
    expect(e).toMatchObject({ type: 'PaymentError', level: 'Error', orderType: CARD_API_ORDER_TYPE });
    expect(e.description).toContain(code);
  });

  it.each(['4000008400001629', '4000001240000000'])('%s (USA/CAN issuer) needs billingInfo', async (number) => {
    await setup();
    const id = await cardId(number);
    const missing = await charge({ order: order(), cardId: id, authenticationId: null });
    expect(missing.body).toMatchObject({ status: 'FAILED', error: { code: 'BILLING_INFO_REQUIRED' } });
    const partial = await charge({ order: order(), cardId: id, authenticationId: null, billingInfo: { countryCode: 'USA', stateCode: '', zipCode: '1' } });
    expect(partial.body.error.code).toBe('BILLING_INFO_REQUIRED');
    const ok = await charge({ order: order(), cardId: id, authenticationId: null, billingInfo: { countryCode: 'USA', stateCode: 'NY', zipCode: '10001' } });
    expect(ok.body.status).toBe('SUCCEEDED');
  });

  it('fails for an unknown card id and for a used single-use card; 400 for a malformed body', async () => {
    await setup();
    expect((await charge({ order: order(), cardId: 'pm_nope', authenticationId: null })).body.error.code).toBe('PAYMENT_METHOD_NOT_FOUND');
    const single = paymentMethodBody('4242424242424242');
    const id = (await pm({ ...single, card: { ...single.card, singleUse: true } })).body.id;
    expect((await charge({ order: order(), cardId: id, authenticationId: null })).body.status).toBe('SUCCEEDED');
    expect((await charge({ order: order(), cardId: id, authenticationId: null })).body.error.code).toBe('PAYMENT_METHOD_ALREADY_USED');
    const bad = await charge({ order: { id: 'x', amount: -1 }, cardId: 5 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['order.amount', 'order.description', 'order.name', 'cardId']));
  });

  it('3DS: AUTHENTICATION_REQUIRED, challenge SUCCESS, second charge with authenticationId succeeds once', async () => {
    await setup();
    const id = await cardId('4000000000003220');
    const o = order('ref-3ds', 30);
    const first = await charge({ order: o, cardId: id, authenticationId: null });
    expect(first.body).toMatchObject({ status: 'AUTHENTICATION_REQUIRED', error: null, order: null });
    const { url, id: authId } = first.body.authentication;
    expect(url).toBe(`${env.sb.baseUrl}/3ds/challenge/${authId}`);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('postMessage');
    // Before the challenge is completed the authentication cannot confirm the charge.
    const early = await charge({ order: o, cardId: id, authenticationId: authId });
    expect(early.body.error.code).toBe('AUTHENTICATION_NOT_COMPLETED');
    const msg = await call('POST', `${url}/result`, { body: { outcome: 'SUCCESS' } });
    expect(msg.body).toEqual({ MessageType: 'authentication.complete', Status: 'SUCCESS', AuthenticationId: authId, OrderId: 'ref-3ds', OrderAmount: 30 });
    // Another order or card cannot use it.
    expect((await charge({ order: { ...o, id: 'other' }, cardId: id, authenticationId: authId })).body.error.code).toBe('AUTHENTICATION_MISMATCH');
    const other = await cardId('4000000000003220');
    expect((await charge({ order: o, cardId: other, authenticationId: authId })).body.error.code).toBe('AUTHENTICATION_MISMATCH');
    const second = await charge({ order: o, cardId: id, authenticationId: authId });
    expect(second.body.status).toBe('SUCCEEDED');
    expect((await charge({ order: o, cardId: id, authenticationId: authId })).body.error.code).toBe('AUTHENTICATION_ALREADY_USED');
    expect((await charge({ order: o, cardId: id, authenticationId: 'auth_unknown' })).body.error.code).toBe('AUTHENTICATION_NOT_FOUND');
    const all = await events(7);
    const succeeded = all.find((e) => e.type === 'ThreeDSecureAuthSucceeded');
    expect(succeeded).toMatchObject({ metadata: { authenticationId: authId }, level: 'Info' });
    const paid = all.find((e) => e.type === 'SuccessPayment');
    // One order's events share orderId and orderType.
    expect(paid.orderId).toBe(succeeded.orderId);
    expect(paid.orderId).toBe(second.body.order.id);
    expect(new Set(all.map((e) => e.orderType))).toEqual(new Set([CARD_API_ORDER_TYPE]));
  });

  it.each([
    ['FAILED', 'ThreeDSecureAuthFailed', 'Error'],
    ['ERROR', 'ThreeDSecureAuthError', 'Error'],
    ['EXPIRED', 'ThreeDSecureAuthExpired', 'Info'],
  ])('3DS outcome %s posts authentication.failed and emits %s', async (outcome, type, level) => {
    await setup();
    const id = await cardId('4000000000003220');
    const o = order('ref-x', 12);
    const first = await charge({ order: o, cardId: id, authenticationId: null });
    const { url, id: authId } = first.body.authentication;
    const msg = await call('POST', `${url}/result`, { body: { outcome } });
    expect(msg.body).toMatchObject({ MessageType: 'authentication.failed', Status: outcome, AuthenticationId: authId });
    // The first outcome sticks.
    expect((await call('POST', `${url}/result`, { body: { outcome: 'SUCCESS' } })).body.Status).toBe(outcome);
    const [e] = await events(1);
    expect(e).toMatchObject({ type, level, metadata: { authenticationId: authId } });
    if (outcome !== 'EXPIRED') expect(e.metadata).toMatchObject({ reason: expect.any(String), description: expect.any(String) });
    expect((await charge({ order: o, cardId: id, authenticationId: authId })).body.error.code).toBe('AUTHENTICATION_NOT_COMPLETED');
    expect((await call('POST', `${url}/result`, { body: { outcome: 'MAYBE' } })).status).toBe(400);
  });

  it('3DS challenge page keeps a hostile order id inside its inline JSON', async () => {
    await setup();
    const hostile = '</script><script>parent.postMessage({Status:"SUCCESS"},"*")</script><!--';
    const first = await charge({ order: order(hostile, 30), cardId: await cardId('4000000000003220'), authenticationId: null });
    const { url } = first.body.authentication;
    await call('POST', `${url}/result`, { body: { outcome: 'FAILED' } });
    const html = await (await fetch(url)).text();
    // One script element, and its decided message reads back with the order id intact.
    expect(html.match(/<script/gi)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    const decided = /var decided = (.*);\n/.exec(html)?.[1];
    expect(JSON.parse(decided!)).toMatchObject({ Status: 'FAILED', OrderId: hostile });
  });

  it('keeps stores isolated: another store cannot charge a card or use an authentication', async () => {
    await setup();
    const id = await cardId('4000000000003220');
    const o = order('ref-iso', 8);
    const { authentication } = (await charge({ order: o, cardId: id, authenticationId: null })).body;
    await call('POST', `${authentication.url}/result`, { body: { outcome: 'SUCCESS' } });
    const other = env.sb.createStore();
    const r = await call('POST', `${env.sb.baseUrl}/token`, { body: { clientId: other.clientId, clientSecret: other.clientSecret } });
    const otherToken = r.body.accessToken as string;
    const viaOther = (body: unknown) => call('POST', `${env.sb.baseUrl}/charges`, { bearer: otherToken, body });
    expect((await viaOther({ order: o, cardId: id, authenticationId: null })).body.error.code).toBe('PAYMENT_METHOD_NOT_FOUND');
    const ownCard = (await call('POST', `${env.sb.baseUrl}/paymentmethods`, { bearer: otherToken, body: paymentMethodBody('4000000000003220') })).body.id;
    expect((await viaOther({ order: o, cardId: ownCard, authenticationId: authentication.id })).body.error.code).toBe('AUTHENTICATION_NOT_FOUND');
    // The owner can still use it.
    expect((await charge({ order: o, cardId: id, authenticationId: authentication.id })).body.status).toBe('SUCCEEDED');
  });

  it('a challenge left open past its lifetime expires on its own', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    await setup({ clock: { now: () => now }, challengeTimeoutSeconds: 60 });
    const id = await cardId('4000000000003220');
    const o = order('ref-exp', 5);
    const { authentication } = (await charge({ order: o, cardId: id, authenticationId: null })).body;
    now += 61_000;
    const r = await charge({ order: o, cardId: id, authenticationId: authentication.id });
    expect(r.body.error.code).toBe('AUTHENTICATION_NOT_COMPLETED');
    expect(r.body.error.message).toContain('EXPIRED');
    const got = await events(1);
    expect(got.map((e) => e.type)).toContain('ThreeDSecureAuthExpired');
  });
});
