import { describe, expect, it } from 'vitest';
import { ALL_ORDERS, orderCountText, orderFiltersFromParams, orderQuery, withOrderFilters } from '../../../../../../renderer/src/features/sequences/order-query';
import { paramsString } from '../../../../../../renderer/src/app-state/routes';

describe('orderQuery', () => {
  it('sends only the filters set, with the text trimmed', () => {
    expect(orderQuery({ orderType: '', status: '', flags: 'any', text: '  ' })).toEqual({});
    expect(orderQuery({ orderType: 'FULL', status: 'PAID', flags: 'flagged', text: ' 42 ' })).toEqual({ orderType: 'FULL', status: 'PAID', hasFlags: true, text: '42' });
    expect(orderQuery({ orderType: '', status: '', flags: 'clean', text: '' })).toEqual({ hasFlags: false });
  });
});

describe('the Orders tab’s filters in the URL', () => {
  it('reads type, status, flags and text, leaving out a status or flags value it does not know', () => {
    expect(orderFiltersFromParams({ type: 'FULL', status: 'PAID', flags: 'flagged', q: 'ref 42' })).toEqual({ orderType: 'FULL', status: 'PAID', flags: 'flagged', text: 'ref 42' });
    expect(orderFiltersFromParams({ status: 'paid', flags: 'yes' })).toEqual(ALL_ORDERS);
    expect(orderFiltersFromParams({})).toEqual(ALL_ORDERS);
  });

  it('writes only what differs from all orders, keeping the other params, and reads back the same', () => {
    const filters = { orderType: 'FASTLINK_CHARGE', status: 'deleted', flags: 'clean', text: 'a b' } as const;
    const params = withOrderFilters({ sort: '-lastActivityAt' }, filters);
    expect(paramsString(params)).toBe('flags=clean&q=a+b&sort=-lastActivityAt&status=deleted&type=FASTLINK_CHARGE');
    expect(orderFiltersFromParams(params)).toEqual(filters);
    expect(paramsString(withOrderFilters(params, ALL_ORDERS))).toBe('sort=-lastActivityAt');
  });
});

describe('orderCountText', () => {
  it('says the list is loading until the first answer, never "0 orders" before it', () => {
    expect(orderCountText(false, 0, 0)).toBe('loading orders…');
    expect(orderCountText(true, 0, 0)).toBe('0 orders');
    expect(orderCountText(true, 3, 1200)).toBe('3 of 1,200 orders');
  });
});
