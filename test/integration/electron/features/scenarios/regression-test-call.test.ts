import { afterEach, describe, expect, it } from 'vitest';
import { signBody } from '../../../../../shared/signing';
import { nodeHmac } from '../../../../../electron/services/platform/node-hmac';
import { recordedOrder, TEMPLATE_BUYER } from '../../../../fixtures/recorded-order';
import { startTestApp, type TestApp } from '../../../../support/app-harness';
import { post } from '../live/live-helpers';

const KEY = 'scenario-call-key-0c2f';
const event = (orderId: string, type: string) =>
  JSON.stringify({ orderId, orderReference: null, orderType: 'FASTLINK_CHARGE', description: type, level: 'Info', type, metadata: type === 'SuccessPayment' ? { PaidAmount: '10.00' } : null });

/** scenario.regressionTest through a real core, its listener and the browser host, as the app and scripts call it. */
describe('scenario.regressionTest', () => {
  let app: TestApp | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  it("writes an order's received deliveries, leaving out the ones whose signature did not verify (the test signs all it sends)", async () => {
    app = await startTestApp({ settings: { listener: { port: 0 } } });
    await app.call('live.addKey', { label: 'store', value: KEY });
    const url = (await app.call('app.status', {})).listener.url!;
    const send = (body: string, id: number, signed: boolean) =>
      post(url, body, { 'Content-Type': 'application/json', 'X-Svc-Event-Id': String(id), 'X-Svc-Event-Created': `2026-02-01T10:0${id % 10}:00Z`, ...(signed ? { 'X-Svc-Hmac-Sha256': signBody(nodeHmac, KEY, body) } : {}) });
    await send(event('ord-1', 'Created'), 701, true);
    await send(event('ord-1', 'Cancelled'), 703, false);
    await send(event('ord-1', 'SuccessPayment'), 702, true);

    const test = await app.call('scenario.regressionTest', { orderId: 'ord-1' });
    expect(test.fileName).toBe('order-ord-1.regression.test.ts');
    expect([...test.text.matchAll(/^ {4}\{ type: "(\w+)", eventId: "(\d+)"/gm)].map((m) => `${m[1]} ${m[2]}`)).toEqual(['Created 701', 'SuccessPayment 702']);
    expect(test.text).toContain('status: "PAID", payment: "paid"');

    await send(event('ord-2', 'Finalized'), 704, false);
    await expect(app.call('scenario.regressionTest', { orderId: 'ord-2' })).rejects.toMatchObject({ code: 'not-found', message: expect.stringMatching(/every received delivery of order ord-2 is unverified/) });
    await expect(app.call('scenario.regressionTest', { orderId: 'none' })).rejects.toMatchObject({ code: 'not-found', message: 'no received delivery is about order none' });
  });

  it('writes a scenario file given whole (a shrunk sequence), for Jest and redacted; one of orderId and scenario', async () => {
    app = await startTestApp({ settings: { listener: { port: 0 } } });
    const { source: _source, ...file } = recordedOrder('shrunk-7');
    void _source;
    const test = await app.call('scenario.regressionTest', { scenario: { ...file, source: {} }, framework: 'jest', redact: true, expect: ['orders.{orderId}.payments=1'] });
    expect(test.fileName).toBe('order-shrunk-7.regression.test.mjs');
    expect(test.text).toContain('orderId: "shrunk-7",');
    for (const value of Object.values(TEMPLATE_BUYER)) expect(test.text).not.toContain(value);
    await expect(app.call('scenario.regressionTest', { orderId: 'x', scenario: recordedOrder() })).rejects.toMatchObject({ code: 'invalid-args', message: expect.stringMatching(/give orderId or scenario, one of them/) });
    await expect(app.call('scenario.regressionTest', { orderId: 'x', expect: ['nothing'] })).rejects.toMatchObject({ code: 'not-found' });
    await expect(app.call('scenario.regressionTest', { scenario: recordedOrder(), expect: ['nothing'] })).rejects.toMatchObject({ code: 'invalid-args', message: expect.stringMatching(/--expect "nothing": write path=value/) });
  });
});
