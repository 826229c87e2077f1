import { describe, expect, it } from 'vitest';
import { compareHandlerState } from '../../../../shared/flows/state-verdict';

const derived = { status: 'CANCELLED', payment: 'none', shipping: null, threeDs: 'SUCCESS' } as const;
const ok = (body: unknown) => ({ status: 200, body, error: null });

describe('compareHandlerState', () => {
  it('agrees when every field the handler reports matches, whatever its spelling of names and values', () => {
    const verdict = compareHandlerState(derived, ok({ order_status: 'cancelled', paymentStatus: null, ThreeDS: 'success' }));
    expect(verdict.outcome).toBe('agrees');
    expect(verdict.fields.map((f) => [f.field, f.outcome, f.handlerKey])).toEqual([
      ['status', 'same', 'order_status'],
      ['payment', 'same', 'paymentStatus'],
      ['shipping', 'not-reported', null],
      ['threeDs', 'same', 'ThreeDS'],
    ]);
  });

  it('names the field that differs, with both values', () => {
    const verdict = compareHandlerState({ ...derived, payment: 'payment-error' }, ok({ order: { status: 'PAID', payment: 'PAYMENT_ERROR' } }));
    expect(verdict.outcome).toBe('differs');
    expect(verdict.fields[0]).toMatchObject({ field: 'status', expected: 'CANCELLED', handler: 'PAID', outcome: 'differs' });
    expect(verdict.fields[1]).toMatchObject({ field: 'payment', outcome: 'same' });
  });

  it('treats a non-scalar value as different and shows only its start (the answer is the handler’s)', () => {
    const verdict = compareHandlerState(derived, ok({ status: { nested: 'x'.repeat(500) } }));
    expect(verdict.outcome).toBe('differs');
    expect(verdict.fields[0]!.handler!.length).toBeLessThanOrEqual(121);
  });

  it('says why it cannot compare: an error, a non-2xx answer, not an object, no known field', () => {
    expect(compareHandlerState(derived, { status: null, body: null, error: 'connection refused' })).toMatchObject({ outcome: 'not-comparable', reason: expect.stringContaining('connection refused') });
    expect(compareHandlerState(derived, { status: 500, body: { status: 'CANCELLED' }, error: null }).reason).toContain('500');
    expect(compareHandlerState(derived, ok(['CANCELLED'])).reason).toContain('JSON object');
    expect(compareHandlerState(derived, ok({ total: 3 })).reason).toContain('none of status');
  });
});

describe('where the order is in the state', () => {
  const derivedPaid = { status: 'PAID' as const, payment: 'paid' as const, shipping: 'DELIVERED' as const, threeDs: null };
  const common = { status: 200, body: { orders: { '900001': { status: 'PAID', shipping: 'DELIVERED' } } }, error: null };

  it('reads the common shape {orders: {<id>: {...}}} by itself', () => {
    const verdict = compareHandlerState(derivedPaid, common, { orderId: '900001' });
    expect(verdict.outcome).toBe('agrees');
    expect(verdict.fields.filter((f) => f.outcome === 'same').map((f) => f.field)).toEqual(['status', 'shipping']);
  });

  it('takes a path template, and says which path the state lacks', () => {
    const nested = { status: 200, body: { data: { byOrder: { '900001': { state: 'PAID' } } } }, error: null };
    expect(compareHandlerState(derivedPaid, nested, { orderId: '900001', statePath: 'data.byOrder.{orderId}' }).outcome).toBe('agrees');
    expect(compareHandlerState(derivedPaid, nested, { orderId: '5', statePath: 'data.byOrder.{orderId}' }).reason).toBe('the state has no data.byOrder.5 (state path data.byOrder.{orderId})');
  });

  it('names the places it looked when it finds nothing', () => {
    expect(compareHandlerState(derivedPaid, { status: 200, body: { list: [] }, error: null }, { orderId: '1' }).reason).toMatch(/looked at the top level, under order or under orders\.<orderId>; give a state path such as orders\.\{orderId\}/);
  });
});
