import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../support/app-harness';
import { startSandbox, type RunningSandbox } from '../../../../../electron/emulator';
import { card, collectReceived, customer, typesFor, type Received } from './flow-helpers';

/**
 * The card flow through the core against the real embedded sandbox on loopback: payment method,
 * charge, the 3-D Secure page's decision, the second charge; every webhook reaches the listener.
 */
describe('card flow (flows.createPaymentMethod, flows.charge)', () => {
  let app: TestApp;
  let received: Received;
  beforeAll(async () => {
    app = await startTestApp({ settings: { listener: { port: 0 } } });
    received = collectReceived(app);
  });
  afterAll(async () => {
    received.stop();
    await app.close();
  });

  const charge = (cardId: string, reference: string, extra: Record<string, unknown> = {}) =>
    app.call('flows.charge', {
      order: { id: reference, amount: 25.5, description: 'Compra de prueba', name: 'Pedido' },
      cardId,
      authenticationId: null,
      ...extra,
    });
  const paymentMethod = async (number: string) => {
    const pm = await app.call('flows.createPaymentMethod', { customer, card: card(number) });
    expect(pm.exchange.status).toBe(200);
    return pm.value!.id;
  };

  it('a 4242 card succeeds; the exchange is shown with card number, cvv and bearer masked; SuccessPayment arrives', async () => {
    const pm = await app.call('flows.createPaymentMethod', { customer, card: card('4242424242424242') });
    expect(pm.value).toMatchObject({ type: 'card', success: true, bin: { brand: 'VISA', countryCode: 'SLV' } });
    expect(pm.exchange).toMatchObject({ step: 'Create payment method', method: 'POST', status: 200, error: null });
    expect(pm.exchange.url).toMatch(/\/paymentmethods$/);
    const sent = pm.exchange.requestBody as { card: Record<string, string>; customer: unknown };
    expect(sent.card.number).toBe('••• 4242');
    expect(sent.card.cvv).toBe('•••');
    expect(sent.customer).toEqual(customer);
    expect(Object.fromEntries(pm.exchange.requestHeaders).authorization).toBe('Bearer •••');
    const { clientSecret } = await app.call('sandbox.revealCredentials', {});
    expect(JSON.stringify(pm)).not.toContain(clientSecret);

    const result = await charge(pm.value!.id, 'flow-ok-1');
    expect(result.value).toMatchObject({ status: 'SUCCEEDED', error: null, authentication: null });
    const orderId = result.value!.order!.id;
    expect(result.value!.order!.reference).toBe('flow-ok-1');
    const all = await received.until((a) => typesFor(a, orderId).includes('SuccessPayment'));
    expect(all.find((d) => d.orderId === orderId)).toMatchObject({ orderReference: 'flow-ok-1', signature: 'valid' });
  });

  it('3-D Secure: AUTHENTICATION_REQUIRED, the page decides SUCCESS, the second charge with the authentication id succeeds', async () => {
    const cardId = await paymentMethod('4000000000003220');
    const first = await charge(cardId, 'flow-3ds-1');
    expect(first.value?.status).toBe('AUTHENTICATION_REQUIRED');
    const auth = first.value!.authentication!;
    // The frame the page embeds is on exactly the origin the CSP admits.
    const info = await app.call('flows.info', {});
    expect(new URL(auth.url).origin).toBe(info.frameOrigin);

    // What the buyer's click on "Autenticar" does inside the frame.
    const decided = await fetch(`${auth.url}/result`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'SUCCESS' }),
    }).then((r) => r.json());
    expect(decided).toMatchObject({ MessageType: 'authentication.complete', Status: 'SUCCESS', AuthenticationId: auth.id });

    const second = await charge(cardId, 'flow-3ds-1', { authenticationId: auth.id });
    expect(second.exchange.step).toBe('Charge with the 3-D Secure authentication id');
    expect((second.exchange.requestBody as { authenticationId: string }).authenticationId).toBe(auth.id);
    expect(second.value).toMatchObject({ status: 'SUCCEEDED' });
    const orderId = second.value!.order!.id;
    const all = await received.until((a) => typesFor(a, orderId).includes('SuccessPayment'));
    expect(typesFor(all, orderId)).toEqual(['ThreeDSecureAuthSucceeded', 'SuccessPayment']);
  });

  it.each([
    ['FAILED', 'ThreeDSecureAuthFailed'],
    ['ERROR', 'ThreeDSecureAuthError'],
    ['EXPIRED', 'ThreeDSecureAuthExpired'],
  ])('the page deciding %s posts authentication.failed, sends %s, and a second charge is refused', async (outcome, eventType) => {
    const cardId = await paymentMethod('4000000000003220');
    const reference = `flow-3ds-${outcome}`;
    const auth = (await charge(cardId, reference)).value!.authentication!;
    const decided = await fetch(`${auth.url}/result`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome }),
    }).then((r) => r.json());
    expect(decided).toMatchObject({ MessageType: 'authentication.failed', Status: outcome });
    await received.until((a) => a.some((d) => d.orderReference === reference && d.eventType === eventType));
    const second = await charge(cardId, reference, { authenticationId: auth.id });
    expect(second.value).toMatchObject({ status: 'FAILED', error: { code: 'AUTHENTICATION_NOT_COMPLETED' } });
  });

  it('the second charge before the authentication succeeded is refused with the reason', async () => {
    const cardId = await paymentMethod('4000000000003220');
    const first = await charge(cardId, 'flow-3ds-early');
    const auth = first.value!.authentication!;
    const early = await charge(cardId, 'flow-3ds-early', { authenticationId: auth.id });
    expect(early.value).toMatchObject({ status: 'FAILED', error: { code: 'AUTHENTICATION_NOT_COMPLETED' } });
  });

  it.each([
    ['4000000000000002', 'CARD_DECLINED'],
    ['4100000000000019', 'FRAUD_PREVENT'],
    ['4000008400001629', 'BILLING_INFO_REQUIRED'],
  ])('card %s fails with %s and a PaymentError arrives', async (number, code) => {
    const cardId = await paymentMethod(number);
    const result = await charge(cardId, `flow-fail-${code}`);
    expect(result.value).toMatchObject({ status: 'FAILED', error: { code }, order: null });
    await received.until((a) => a.some((d) => d.orderReference === `flow-fail-${code}` && d.eventType === 'PaymentError'));
  });

  it('a USA card with billingInfo succeeds', async () => {
    const cardId = await paymentMethod('4000008400001629');
    const result = await charge(cardId, 'flow-usa', { billingInfo: { countryCode: 'USA', stateCode: 'CA', zipCode: '94105' } });
    expect(result.value?.status).toBe('SUCCEEDED');
  });

  it('a card failing Luhn is refused by the service with its 400 problem, field by field', async () => {
    const pm = await app.call('flows.createPaymentMethod', { customer, card: card('4242424242424241') });
    expect(pm.exchange.status).toBe(400);
    expect(pm.value).toBeNull();
    expect(pm.problem?.errors['card.number']?.[0]).toMatch(/Luhn/);
  });
});

describe('a live environment that rejects a step', () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  async function appOnLive(live: RunningSandbox, secret: string): Promise<TestApp> {
    const app = await startTestApp({ settings: { listener: { port: 0 } } });
    cleanup.push(() => app.close());
    await app.call('secrets.set', { name: 'env:shop:clientSecret', value: secret });
    await app.call('settings.update', {
      environments: {
        live: [{ id: 'shop', name: 'Shop', baseUrl: live.baseUrl, apiV3Url: live.apiV3Url, clientId: live.defaultStore.clientId }],
        active: 'shop',
      },
    });
    return app;
  }

  it("shows the service's answer: its 400 problem for a bad card, and why the token was refused", async () => {
    const live = await startSandbox({ port: 0 });
    cleanup.push(() => live.close());
    const app = await appOnLive(live, live.defaultStore.clientSecret);
    const info = await app.call('flows.info', {});
    expect(info).toMatchObject({ environment: { id: 'shop', isSandbox: false }, available: true, testCards: [], frameOrigin: new URL(live.baseUrl).origin });

    const pm = await app.call('flows.createPaymentMethod', { customer, card: { ...card('4242424242424242'), expirationMonth: '13' } });
    expect(pm.exchange.url).toBe(`${live.baseUrl}/paymentmethods`);
    expect(pm.exchange.status).toBe(400);
    expect(pm.problem?.errors['card.expirationMonth']).toBeDefined();

    await expect(app.call('flows.orderAction', { orderCode: 'X', action: 'pay' })).rejects.toThrow(/sandbox only/);

    const wrong = await appOnLive(live, 'not-the-secret');
    await expect(app.call('flows.createPaymentMethod', { customer, card: card('4242424242424242') })).resolves.toBeTruthy();
    await expect(wrong.call('flows.createPaymentMethod', { customer, card: card('4242424242424242') })).rejects.toThrow(
      /access token failed: the service refused the client id and secret \(401\)/,
    );
  });
});
