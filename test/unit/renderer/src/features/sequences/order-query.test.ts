import { describe, expect, it } from 'vitest';
import { orderQuery } from '../../../../../../renderer/src/features/sequences/order-query';

describe('orderQuery', () => {
  it('sends only the filters set, with the text trimmed', () => {
    expect(orderQuery({ orderType: '', status: '', flags: 'any', text: '  ' })).toEqual({});
    expect(orderQuery({ orderType: 'FULL', status: 'PAID', flags: 'flagged', text: ' 42 ' })).toEqual({ orderType: 'FULL', status: 'PAID', hasFlags: true, text: '42' });
    expect(orderQuery({ orderType: '', status: '', flags: 'clean', text: '' })).toEqual({ hasFlags: false });
  });
});
