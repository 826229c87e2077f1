import { describe, expect, it } from 'vitest';
import { buildEvent, mergeOverrides } from '../../../../../electron/hosts/testing/event-overrides';
import { historyFilters } from '../../../../../electron/hosts/testing/delivery-filter';

describe('buildEvent', () => {
  it('merges overrides into the type template: objects key by key, arrays and values replaced', () => {
    const e = buildEvent('SuccessPayment', { orderId: '42', metadata: { PaidAmount: '10.00' } });
    expect(e).toMatchObject({ type: 'SuccessPayment', orderId: '42', level: 'Info', orderType: 'FASTLINK_CHARGE' });
    expect(e.metadata).toMatchObject({ PaidAmount: '10.00' });
    expect(Array.isArray(e.metadata!.orderDetail)).toBe(true);
    expect(mergeOverrides({ a: [1, 2], b: { c: 1, d: 2 } }, { a: [3], b: { d: 4 } })).toEqual({ a: [3], b: { c: 1, d: 4 } });
  });

  it('refuses unknown types, a changed type and overrides that break 2.8', () => {
    expect(() => buildEvent('Paid')).toThrow(/unknown event type "Paid"; known types: Created/);
    expect(() => buildEvent('Created', { type: 'Deleted' } as never)).toThrow(/cannot change "type"/);
    expect(() => buildEvent('Created', { level: 'Fatal' } as never)).toThrow(/level/);
  });
});

describe('historyFilters', () => {
  it('builds the Sieve filter of 4.7, escaping the separators in a value', () => {
    expect(historyFilters({})).toBeUndefined();
    expect(historyFilters({ afterId: 5, eventType: 'Updated', delivered: false })).toBe('id>5,eventType==Updated,delivered==false');
    expect(historyFilters({ eventType: 'a,b|c' })).toBe('eventType==a\\,b\\|c');
    expect(() => historyFilters({ afterId: -1 })).toThrow(/afterId/);
  });
});
