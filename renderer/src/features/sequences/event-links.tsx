import type { SequenceEvent } from '../../../../shared/contract/sequences';
import { hrefFor } from '../../app-state/routes';

/**
 * Where one event can be opened: its first received delivery in Live and in Replay, and its
 * history copy in History (by event id) and in Replay.
 */
export function EventLinks({ event }: { event: SequenceEvent }) {
  const live = event.deliveries.find((d) => d.source === 'live');
  const history = event.deliveries.find((d) => d.source === 'history');
  const eventId = event.eventIds[0];
  return (
    <span className="seq-links">
      {live && (
        <>
          <a href={hrefFor('live', String(live.id))} data-testid="event-link-live">
            Live #{live.id}
          </a>
          <a href={hrefFor('replay', `live/${live.id}`)} data-testid="event-link-replay-live">
            Replay
          </a>
        </>
      )}
      {history && eventId !== undefined && (
        <a href={hrefFor('history', `events/${eventId}`)} data-testid="event-link-history">
          History
        </a>
      )}
      {history && !live && (
        <a href={hrefFor('replay', `history/${history.id}`)} data-testid="event-link-replay-history">
          Replay
        </a>
      )}
    </span>
  );
}
