import { describe, expect, it } from 'vitest';
import { ALL_EVENTS, eventsQueryFromParams, withEventsQuery } from '../../../../../../renderer/src/features/history/events-query';
import { paramsString } from '../../../../../../renderer/src/app-state/routes';

describe('the Events tab’s query in the URL', () => {
  it('reads pending, offset and the strip’s range, leaving out what it cannot read', () => {
    expect(eventsQueryFromParams({ pending: '1', offset: '100', t: '1000-2000' })).toEqual({ pendingOnly: true, offset: 100, range: { fromMs: 1000, toMs: 2000 } });
    expect(eventsQueryFromParams({ pending: 'yes', offset: '-5', t: '2000-1000' })).toEqual(ALL_EVENTS);
    expect(eventsQueryFromParams({ offset: 'x' })).toEqual(ALL_EVENTS);
  });

  it('writes only what differs from all events, keeping the other params, and reads back the same', () => {
    const query = { pendingOnly: true, offset: 50, range: { fromMs: 1000, toMs: 2000 } };
    const params = withEventsQuery({ other: 'kept' }, query);
    expect(paramsString(params)).toBe('offset=50&other=kept&pending=1&t=1000-2000');
    expect(eventsQueryFromParams(params)).toEqual(query);
    expect(paramsString(withEventsQuery(params, ALL_EVENTS))).toBe('other=kept');
  });
});
