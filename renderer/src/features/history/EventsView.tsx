import { useEffect, useMemo, useState } from 'react';
import { BulkResend } from './BulkResend';
import { ResendWhereForm } from './ResendWhereForm';
import { useJob } from '../../app-state/page-jobs';
import { EventDeliveries } from './EventDeliveries';
import { EVENTS_PAGE, useHistory, useHistoryStore } from './history-store';
import { hrefFor, navigate, parseHash, type Route } from '../../app-state/routes';
import { replaceParams, useRouteParams } from '../../app-state/url-state';
import { eventsQueryFromParams, withEventsQuery, type EventsQuery } from './events-query';
import { EventTypeBars } from './EventTypeBars';
import { EventRow } from './EventRow';
import { ActivityStrip, type StripWords } from '../../components/activity-strip';
import { useHistoryActivity } from './use-history-activity';

const HISTORY_WORDS: StripWords = { valid: 'delivered', invalid: 'failed', missing: null, other: 'in flight', handlerFailed: null };

/** Goes to an event (`#/history/events/<id>`) or back to the list, keeping the list's params. */
const openEvent = (eventId: number | null) =>
  navigate(hrefFor('history', eventId === null ? 'events' : `events/${eventId}`, parseHash(window.location.hash).params));

/** Changes the Events tab's query in the URL (its one home); the view loads what the URL then says. */
const changeQuery = (patch: Partial<EventsQuery>) =>
  replaceParams((params) => withEventsQuery(params, { ...eventsQueryFromParams(params), ...patch }));

/**
 * Deliveries grouped by event id (see docs/service.md#pending-events): an event is pending while none of its deliveries is
 * delivered. One click resends an event; "Resend all pending" resends each pending event once.
 * "Pending only" and the page are URL params; the open event is the route's.
 */
export function EventsView({ route, openEventId }: { route: Route; openEventId: number | null }) {
  const { resendBulk, showDiff, showEvents } = useHistory();
  const { events, eventsTotal, summary, bulk, resending } = useHistoryStore();
  const activity = useHistoryActivity();
  const open = openEventId;
  const [selected, setSelected] = useState<number[]>([]);
  const params = useRouteParams(route);
  const query = useMemo(() => eventsQueryFromParams(params), [params]);
  const { pendingOnly, offset: eventsOffset, range: eventsRange } = query;
  useEffect(() => {
    void showEvents(query);
  }, [showEvents, query]);
  const toggle = (eventId: number) =>
    setSelected((s) => (s.includes(eventId) ? s.filter((e) => e !== eventId) : [...s.slice(-1), eventId]));
  const bulkJob = useJob(bulk?.jobId ?? null);
  const running = bulkJob?.state === 'running';
  const [choosing, setChoosing] = useState(false);
  const [a, b] = selected;
  return (
    <div className="history-events" data-testid="history-events">
      <ActivityStrip
        activity={activity}
        selected={eventsRange}
        onSelect={(range) => changeQuery({ range, offset: 0 })}
        testId="history-activity"
        words={HISTORY_WORDS}
      />
      <EventTypeBars />
      <div className="row" style={{ marginBottom: 8 }}>
        <label className="row">
          <input
            type="checkbox"
            checked={pendingOnly}
            onChange={(e) => changeQuery({ pendingOnly: e.target.checked, offset: 0 })}
            data-testid="events-pending-only"
          />
          Pending only
        </label>
        <button
          type="button"
          className="button button--primary"
          disabled={running || (summary?.pendingEvents ?? 0) === 0}
          onClick={() => void resendBulk('pending')}
          data-testid="resend-all-pending"
        >
          Resend all pending ({summary?.pendingEvents ?? 0})
        </button>
        <button type="button" className="button" disabled={running} onClick={() => setChoosing((c) => !c)} data-testid="resend-where-open">
          Resend…
        </button>
        <button
          type="button"
          className="button"
          disabled={a === undefined || b === undefined}
          onClick={() => a !== undefined && b !== undefined && showDiff({ left: { kind: 'history', id: a }, right: { kind: 'history', id: b } })}
          data-testid="diff-selected-events"
        >
          Diff the two selected events
        </button>
      </div>
      {choosing && <ResendWhereForm onClose={() => setChoosing(false)} />}
      <BulkResend />
      {open !== null && !events.some((e) => e.eventId === open) && (
        <div className="card" data-testid="event-panel">
          <div className="row">
            <strong>Event {open}</strong>
            <button type="button" className="button button--small" onClick={() => openEvent(null)}>
              Close
            </button>
          </div>
          <EventDeliveries eventId={open} />
        </div>
      )}
      <table className="table" data-testid="events-table">
        <thead>
          <tr>
            <th />
            <th>Event</th>
            <th>Type</th>
            <th>Order</th>
            <th>Created</th>
            <th>Deliveries</th>
            <th>State</th>
            <th>Last status</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {events.map((e) => (
            <EventRow
              key={e.eventId}
              event={e}
              open={open === e.eventId}
              onOpen={(opened) => openEvent(opened ? e.eventId : null)}
              selected={selected.includes(e.eventId)}
              onToggleSelected={() => toggle(e.eventId)}
              resending={resending}
            />
          ))}
        </tbody>
      </table>
      {events.length === 0 && <p className="muted">No events in the local copy{pendingOnly ? ' are pending' : ' yet'}.</p>}
      <div className="row" style={{ marginTop: 8 }}>
        <button type="button" className="button" disabled={eventsOffset === 0} onClick={() => changeQuery({ offset: Math.max(0, eventsOffset - EVENTS_PAGE) })}>
          Newer
        </button>
        <span className="muted">
          {eventsTotal === 0 ? 0 : eventsOffset + 1}–{Math.min(eventsTotal, eventsOffset + EVENTS_PAGE)} of {eventsTotal} events
        </span>
        <button type="button" className="button" disabled={eventsOffset + EVENTS_PAGE >= eventsTotal} onClick={() => changeQuery({ offset: eventsOffset + EVENTS_PAGE })}>
          Older
        </button>
      </div>
    </div>
  );
}

