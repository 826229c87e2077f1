import { describe, expect, it } from 'vitest';
import { parseDelivery } from '../../../../shared/sequences';
import { body, delivery, move } from '../../electron/features/sequences/build';

const reasonOf = (text: string | Uint8Array) => {
  const parsed = parseDelivery(delivery(text));
  return parsed.ok ? parsed.problems : parsed.reason;
};

describe('parseDelivery: bodies that cannot join an order', () => {
  it.each([
    ['not JSON', '{"orderId": "1", ', 'the body is not JSON'],
    ['empty', '', 'the body is empty'],
    ['an array', '[1,2]', 'the body is not a JSON object'],
    ['without orderId', JSON.stringify({ type: 'Created' }), 'the event has no orderId'],
    ['with an object as orderId', JSON.stringify({ orderId: { id: 1 }, type: 'Created' }), 'the event has no orderId'],
    ['deeply nested', `{"orderId":"1","x":${'['.repeat(20_000)}${']'.repeat(20_000)}}`, 'the body is nested too deeply to parse'],
  ])('%s', (_name, text, reason) => {
    const parsed = parseDelivery(delivery(text));
    expect(parsed.ok).toBe(false);
    expect(reasonOf(text)).toBe(reason);
  });

  it('is not UTF-8', () => {
    expect(reasonOf(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]))).toBe('the body is not UTF-8 text');
  });

  it('keeps the order of an event without a type or with an unknown type', () => {
    const unknown = parseDelivery(delivery(body('Refunded')));
    expect(unknown).toMatchObject({ ok: false, orderId: 'ord-1', reason: 'unknown event type "Refunded" (not one the service sends)' });
    const typeless = parseDelivery(delivery(JSON.stringify({ orderId: 7 })));
    expect(typeless).toMatchObject({ ok: false, orderId: '7', reason: 'the event has no type' });
  });
});

describe('parseDelivery: events with malformed metadata stay events, with their problems', () => {
  it('reads a well-formed event from bytes or text, the order id normalised', () => {
    const parsed = parseDelivery(delivery(new TextEncoder().encode(body('Created', null, 42))));
    expect(parsed).toMatchObject({ ok: true, orderId: '42', type: 'Created', orderType: 'FASTLINK_CHARGE', problems: [] });
  });

  it.each([
    ['a PreviousStatus that is not a shipping status', body('Updated', move('SHIPPED', 'READY')), ['PreviousStatus "SHIPPED" is not a shipping status']],
    ['a missing NewStatus', body('Updated', { PreviousStatus: 'PENDING' }), ['NewStatus missing is not a shipping status']],
    ['a non-numeric PreparationEtaMinutes', body('Updated', move('PENDING', 'ACCEPTED', { PreparationEtaMinutes: 'soon' })), ['PreparationEtaMinutes "soon" is not a number of minutes']],
    ['no metadata on Updated', body('Updated'), ['Updated without metadata: PreviousStatus and NewStatus are required']],
    ['a 3DS event without authenticationId', body('ThreeDSecureAuthSucceeded', {}), ['ThreeDSecureAuthSucceeded without metadata.authenticationId']],
    ['SuccessPayment without metadata', body('SuccessPayment'), ['SuccessPayment without metadata']],
    [
      'a coupon without dates',
      body('SuccessPayment', { orderDetail: [{ name: 'x', coupon: { code: 'C-1', startDate: '2026-01-01T00:00:00Z' } }] }),
      ['coupon "C-1" of orderDetail[0] has no valid endDate (a coupon needs both)'],
    ],
    ['metadata that is not an object', JSON.stringify({ orderId: '1', type: 'Created', metadata: 'x' }), ['metadata is not an object']],
  ])('%s', (_name, text, problems) => {
    const parsed = parseDelivery(delivery(text));
    expect(parsed.ok).toBe(true);
    expect(reasonOf(text)).toEqual(problems);
  });

  it('accepts a numeric PreparationEtaMinutes as number or string', () => {
    expect(reasonOf(body('Updated', move('PENDING', 'ACCEPTED', { PreparationEtaMinutes: '25' })))).toEqual([]);
    expect(reasonOf(body('Updated', move('PENDING', 'ACCEPTED', { PreparationEtaMinutes: 25 })))).toEqual([]);
  });
});

describe('parseDelivery: slim', () => {
  it('keeps only the metadata the derived states read, and the same problems', () => {
    const text = body('SuccessPayment', { BuyerName: 'Ana', orderDetail: [{ coupon: { code: 'C' } }] });
    const slim = parseDelivery(delivery(text), true);
    const full = parseDelivery(delivery(text));
    expect(slim).toMatchObject({ ok: true, metadata: null, description: null });
    expect(slim.ok && full.ok && slim.problems).toEqual(full.ok && full.problems);
    const update = parseDelivery(delivery(body('Updated', move('PENDING', 'ACCEPTED', { PreparationEtaMinutes: '5', Extra: 'x' }))), true);
    expect(update).toMatchObject({ metadata: { PreviousStatus: 'PENDING', NewStatus: 'ACCEPTED', PreparationEtaMinutes: '5' } });
    expect(update.ok && update.metadata).not.toHaveProperty('Extra');
  });
});
