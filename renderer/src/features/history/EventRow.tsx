import { Fragment } from 'react';
import type { HistoryEvent } from '../../../../shared/contract/history';
import { hrefFor } from '../../app-state/routes';
import { Time } from '../../components/ui';
import { EventDeliveries } from './EventDeliveries';
import { useHistory } from './history-store';

interface EventRowProps {
  readonly event: HistoryEvent;
  /** Whether this event's deliveries are shown under it. */
  readonly open: boolean;
  readonly onOpen: (open: boolean) => void;
  readonly selected: boolean;
  readonly onToggleSelected: () => void;
  /** The event being resent, if any: every Resend waits for it. */
  readonly resending: number | null;
}

/** One event of the Events table, and its deliveries under it while it is open. */
export function EventRow({
  event: e,
  open,
  onOpen,
  selected,
  onToggleSelected,
  resending,
}: EventRowProps) {
  const { resend } = useHistory();
  return (
    <Fragment>
      <tr data-testid={`event-row-${e.eventId}`} data-pending={!e.delivered}>
        <td>
          <input
            type="checkbox"
            checked={selected}
            onChange={onToggleSelected}
            aria-label="select for diff"
          />
        </td>
        <td className="mono">
          <button
            type="button"
            className="button button--small"
            onClick={() => onOpen(!open)}
            aria-expanded={open}
            data-testid={`event-open-${e.eventId}`}
          >
            {open ? '▾' : '▸'} {e.eventId}
          </button>
        </td>
        <td>{e.eventType}</td>
        <td className="mono" data-testid="event-order">
          {e.orderId !== null ? (
            <a
              href={hrefFor('sequences', encodeURIComponent(e.orderId))}
              title="This order's sequence"
            >
              {e.orderId}
            </a>
          ) : (
            <span className="muted">—</span>
          )}
        </td>
        <td className="mono">
          <Time iso={e.eventCreated} ms />
        </td>
        <td>{e.deliveries}</td>
        <td>
          {e.delivered ? (
            <span className="badge badge--ok">delivered</span>
          ) : (
            <span className="badge badge--error">pending</span>
          )}
        </td>
        <td className="mono">{e.lastStatus === 0 ? 'in flight' : e.lastStatus}</td>
        <td>
          <button
            type="button"
            className="button button--small"
            disabled={resending !== null}
            onClick={() => void resend(e.eventId)}
            data-testid={`resend-event-${e.eventId}`}
          >
            {resending === e.eventId ? 'Resending…' : 'Resend'}
          </button>
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={9}>
            <EventDeliveries eventId={e.eventId} />
          </td>
        </tr>
      )}
    </Fragment>
  );
}
