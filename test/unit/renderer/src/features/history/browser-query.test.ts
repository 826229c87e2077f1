import { describe, expect, it } from 'vitest';
import { browserParams, EMPTY, filterFrom, fromBrowserParams } from '../../../../../../renderer/src/features/history/browser-query';

describe('the service browser’s query in the URL', () => {
  it('writes only what differs from the defaults, and reads back the same', () => {
    const query = { c: { ...EMPTY, eventType: 'Created', delivered: 'true' as const }, sorts: 'created', pageSize: 2 };
    const params = browserParams(query);
    expect(params).toEqual({ eventType: 'Created', delivered: 'true', sorts: 'created', pageSize: '2' });
    expect(fromBrowserParams(params)).toEqual(query);
    expect(browserParams(fromBrowserParams({}))).toEqual({});
  });

  it('keeps a page size the service refuses (its refusal is shown), and defaults an unreadable one', () => {
    expect(fromBrowserParams({ pageSize: '0' }).pageSize).toBe(0);
    expect(fromBrowserParams({ pageSize: 'many' }).pageSize).toBe(50);
  });

  it('makes the filter of the controls', () => {
    expect(filterFrom({ ...EMPTY, id: '0', delivered: 'true' })).toBe('id>0,delivered==true');
  });
});
