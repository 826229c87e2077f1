import { describe, expect, it } from 'vitest';
import { tableViewFromParams, tableViewToParams, withTableView } from '../../../../../../renderer/src/components/data-table/url-params';

describe('a table view as URL params', () => {
  it('carries the search, each column filter and the sort, and reads back the same view', () => {
    const view = { query: 'coupon', columnFilters: [{ id: 'signature', value: 'invalid' }, { id: 'eventId', value: '70' }], sorting: [{ id: 'time', desc: true }] };
    const params = tableViewToParams(view);
    expect(params).toEqual({ q: 'coupon', 'f.signature': 'invalid', 'f.eventId': '70', sort: '-time' });
    expect(tableViewFromParams(params)).toEqual(view);
  });

  it('leaves out what is empty, so an unfiltered table has a bare URL', () => {
    expect(tableViewToParams({ query: '', columnFilters: [{ id: 'type', value: '' }], sorting: [] })).toEqual({});
    expect(tableViewFromParams({ 'f.type': '', other: 'x' })).toEqual({ query: '', columnFilters: [], sorting: [] });
  });

  it('replaces only the table view in a URL, keeping its other params', () => {
    const params = { q: 'old', 'f.type': 'Created', sort: 'time', t: '1-2' };
    const view = { query: 'new', columnFilters: [{ id: 'signature', value: 'valid' }], sorting: [] };
    expect(withTableView(params, view)).toEqual({ q: 'new', 'f.signature': 'valid', t: '1-2' });
  });
});
