import { afterEach, describe, expect, it } from 'vitest';
import { derivedStateText, orderStateText } from '../../../../../shared/sequences/claimed-state';
import { signBody } from '../../../../../shared/signing';
import { nodeHmac } from '../../../../../electron/services/platform/node-hmac';
import { startTestApp, type TestApp } from '../../../../support/app-harness';
import { post } from '../live/live-helpers';

const KEY = 'sequences-trust-key';
const event = (orderId: string, type: string, metadata: Record<string, unknown> | null = null) =>
  JSON.stringify({ orderId, orderReference: null, orderType: 'FASTLINK_CHARGE', description: type, level: 'Info', type, metadata });

/**
 * The attack of the review against the real listener and Sequences: unsigned deliveries that
 * carry the next event ids arrive before the service's real, signed ones.
 */
describe('sequences with unsigned deliveries beside signed ones', () => {
  let app: TestApp | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  const start = async () => {
    app = await startTestApp({ settings: { listener: { port: 0 } } });
    await app.call('live.addKey', { label: 'store', value: KEY });
    return { a: app, url: (await app.call('app.status', {})).listener.url! };
  };
  const send = (url: string, body: string, id: number, created: string, signed: boolean) =>
    post(url, body, {
      'Content-Type': 'application/json',
      'X-Svc-Event-Id': String(id),
      'X-Svc-Event-Created': created,
      ...(signed ? { 'X-Svc-Hmac-Sha256': signBody(nodeHmac, KEY, body) } : {}),
    });

  it('shows the real order (Created, Cancelled), the forged events apart and flagged', async () => {
    const { a, url } = await start();
    await send(url, event('ord-forged', 'SuccessPayment', {}), 9001, '2026-02-01T10:00:00Z', false);
    await send(url, event('ord-forged', 'Finalized'), 9002, '2026-02-01T10:05:00Z', false);
    await send(url, event('ord-forged', 'Created'), 9001, '2026-02-01T10:00:00Z', true);
    await send(url, event('ord-forged', 'Cancelled'), 9002, '2026-02-01T10:01:00Z', true);
    const order = await a.call('sequences.get', { orderId: 'ord-forged' });
    expect(order.summary).toMatchObject({ status: 'CANCELLED', payment: 'none', unverifiedOnly: false, verified: true });
    expect(order.events.map((e) => [e.type, e.signature, e.copies])).toEqual(
      expect.arrayContaining([
        ['Created', 'verified', 1],
        ['Cancelled', 'verified', 1],
        ['SuccessPayment', 'unverified', 1],
        ['Finalized', 'unverified', 1],
      ]),
    );
    expect(order.flags.map((f) => f.kind)).toEqual(['unverified', 'unverified']);
    expect(order.flags.map((f) => f.message).join('\n')).toContain('unverified copy of event 9001');
  });

  it('an order whose only evidence is unverified says so, in the list too', async () => {
    const { a, url } = await start();
    await send(url, event('ord-only-forged', 'SuccessPayment', {}), 9101, '2026-02-01T10:00:00Z', false);
    const order = await a.call('sequences.get', { orderId: 'ord-only-forged' });
    expect(order.summary.unverifiedOnly).toBe(true);
    expect(order.events[0]).toMatchObject({ signature: 'unverified' });
    const list = await a.call('sequences.list', { text: 'ord-only-forged' });
    expect(list.orders[0]).toMatchObject({ orderId: 'ord-only-forged', unverifiedOnly: true, verified: false });
    expect(orderStateText(list.orders[0]!)).toBe('unverified: PAID claimed');
    // What is derived from the same unverified events is marked too, not a plain "paid".
    expect(derivedStateText(list.orders[0]!.payment, list.orders[0]!)).toBe('paid (unverified)');
    expect(derivedStateText('paid', { unverifiedOnly: false })).toBe('paid');
  });
});
