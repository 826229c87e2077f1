import type { RouteParams } from '../../app-state/routes';
import { parseRangeParam, rangeParam, type TimeRange } from '../../components/activity-strip';

/** Which page of the local copy's events the Events tab shows: its URL params, parsed. */
export interface EventsQuery {
  /** `pending=1`: only events no delivery reached. */
  readonly pendingOnly: boolean;
  /** `offset=<n>`: events skipped (newest first). */
  readonly offset: number;
  /** `t=<fromMs>-<toMs>`: the created-time range dragged on the activity strip. */
  readonly range: TimeRange | null;
}

export const ALL_EVENTS: EventsQuery = { pendingOnly: false, offset: 0, range: null };

/** The Events tab's query the URL's params describe (anything unreadable is left out). */
export function eventsQueryFromParams(params: RouteParams): EventsQuery {
  return {
    pendingOnly: params.pending === '1',
    offset: Math.max(0, Math.floor(Number(params.offset)) || 0),
    range: parseRangeParam(params.t),
  };
}

/** `params` with the Events tab's query replaced by `query` (only what differs from all events). */
export function withEventsQuery(params: RouteParams, query: EventsQuery): RouteParams {
  return {
    ...params,
    pending: query.pendingOnly ? '1' : '',
    offset: query.offset > 0 ? String(query.offset) : '',
    t: query.range ? rangeParam(query.range) : '',
  };
}
