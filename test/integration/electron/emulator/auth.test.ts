import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../../electron/emulator';
import { call, tokenFor } from './helpers';

// docs/service.md#authentication: client credentials, bearer tokens that really expire, secret keys.
describe('sandbox auth (4.1, section 5)', () => {
  let sb: RunningSandbox;
  afterEach(() => sb?.close());

  it('issues a Bearer token with expiresIn from client credentials', async () => {
    sb = await startSandbox({ tokenLifetimeSeconds: 120 });
    const s = sb.defaultStore;
    const r = await call('POST', `${sb.baseUrl}/token`, { body: { clientId: s.clientId, clientSecret: s.clientSecret } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ tokenType: 'Bearer', expiresIn: 120 });
    expect(typeof r.body.accessToken).toBe('string');
  });

  it('answers 401 with a JSON body to bad or missing credentials', async () => {
    sb = await startSandbox();
    const s = sb.defaultStore;
    const wrong = await call('POST', `${sb.baseUrl}/token`, { body: { clientId: s.clientId, clientSecret: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ status: 401, title: 'Unauthorized' });
    const missing = await call('POST', `${sb.baseUrl}/token`, { body: {} });
    expect(missing.status).toBe(401);
    expect(missing.body.status).toBe(401);
  });

  it('answers 401 with a JSON body on every endpoint without a valid bearer', async () => {
    sb = await startSandbox();
    const endpoints: [string, string][] = [
      ['POST', '/paymentmethods'],
      ['POST', '/charges'],
      ['POST', '/paymentlink/checkout'],
      ['GET', '/paymentlink/order/ABC'],
      ['GET', '/api/v3/Orders/1'],
      ['GET', '/api/v3/WebhookEvents'],
      ['GET', '/api/v3/WebhookEvents/1'],
      ['POST', '/api/v3/WebhookEvents/1/Resend'],
    ];
    for (const [method, path] of endpoints) {
      for (const bearer of [undefined, 'not-a-token']) {
        const r = await call(method, `${sb.baseUrl}${path}`, { ...(bearer ? { bearer } : {}), ...(method === 'POST' ? { body: {} } : {}) });
        expect(r.status, `${method} ${path} bearer=${bearer}`).toBe(401);
        expect(r.body.status).toBe(401);
      }
    }
  });

  it('expires tokens after their lifetime so clients must refresh', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    sb = await startSandbox({ tokenLifetimeSeconds: 60, clock: { now: () => now } });
    const token = await tokenFor(sb, sb.defaultStore);
    expect((await call('GET', `${sb.apiV3Url}/WebhookEvents`, { bearer: token })).status).toBe(200);
    now += 59_000;
    expect((await call('GET', `${sb.apiV3Url}/WebhookEvents`, { bearer: token })).status).toBe(200);
    now += 1_000;
    const expired = await call('GET', `${sb.apiV3Url}/WebhookEvents`, { bearer: token });
    expect(expired.status).toBe(401);
    expect(expired.body.detail).toMatch(/expired/);
    const fresh = await tokenFor(sb, sb.defaultStore);
    expect((await call('GET', `${sb.apiV3Url}/WebhookEvents`, { bearer: fresh })).status).toBe(200);
  });

  it('accepts the secret key on payment-link calls only', async () => {
    sb = await startSandbox();
    const sk = sb.defaultStore.secretKey;
    const link = await call('POST', `${sb.baseUrl}/paymentlink/checkout`, { bearer: sk, body: { amount: 10 } });
    expect(link.status).toBe(200);
    const read = await call('GET', `${sb.baseUrl}/paymentlink/order/${link.body.orderCode}`, { bearer: sk });
    expect(read.status).toBe(200);
    expect((await call('GET', `${sb.apiV3Url}/WebhookEvents`, { bearer: sk })).status).toBe(401);
    expect((await call('POST', `${sb.baseUrl}/charges`, { bearer: sk, body: {} })).status).toBe(401);
  });

  it('binds tokens to their store: another store cannot use or see them', async () => {
    sb = await startSandbox();
    const other = sb.createStore();
    const t1 = await tokenFor(sb, sb.defaultStore);
    const t2 = await tokenFor(sb, other);
    const link = await call('POST', `${sb.baseUrl}/paymentlink/checkout`, { bearer: t1, body: { amount: 5 } });
    expect((await call('GET', `${sb.baseUrl}/paymentlink/order/${link.body.orderCode}`, { bearer: t2 })).status).toBe(404);
    expect((await call('GET', `${sb.apiV3Url}/Orders/${link.body.orderId}`, { bearer: t2 })).status).toBe(404);
    expect((await call('GET', `${sb.apiV3Url}/Orders/${link.body.orderId}`, { bearer: t1 })).status).toBe(200);
  });
});
