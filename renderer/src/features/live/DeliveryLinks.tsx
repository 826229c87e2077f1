import { useEffect, useState } from 'react';
import type { DeliverySummary } from '../../../../shared/contract/live';
import { hrefFor } from '../../app-state/routes';
import { transport } from '../../transport';

/** Whether the history copy holds this event (null while asking or when it cannot say). */
function useInHistoryCopy(eventId: number | null): boolean | null {
  const [known, setKnown] = useState<{ eventId: number; inCopy: boolean } | null>(null);
  useEffect(() => {
    if (eventId === null) return;
    let current = true;
    transport.call('history.local', { eventId, limit: 1 }).then(
      ({ deliveries }) => current && setKnown({ eventId, inCopy: deliveries.length > 0 }),
      () => current && setKnown(null),
    );
    return () => {
      current = false;
    };
  }, [eventId]);
  return known && known.eventId === eventId ? known.inCopy : null;
}

/**
 * Where else this delivery shows: its event in the service's history (when the local copy has
 * it), its order's sequence, and every delivery of the same event here.
 */
export function DeliveryLinks({ summary }: { summary: DeliverySummary }) {
  const inCopy = useInHistoryCopy(summary.eventId);
  if (summary.eventId === null && summary.orderId === null) return null;
  return (
    <div className="row live-links" data-testid="delivery-links">
      {summary.eventId !== null &&
        (inCopy ? (
          <a href={hrefFor('history', `events/${summary.eventId}`)} data-testid="link-history-event">
            Event {summary.eventId} in History
          </a>
        ) : (
          <span className="muted" data-testid="link-history-missing">
            {inCopy === false ? (summary.imported ? `Event ${summary.eventId} is not in your history copy: it came in a file` : `Event ${summary.eventId} is not in the history copy (yet)`) : ''}
          </span>
        ))}
      {summary.eventId !== null && (
        <a href={hrefFor('live', '', { 'f.eventId': String(summary.eventId) })} data-testid="link-event-deliveries">
          Every delivery of event {summary.eventId}
        </a>
      )}
      {summary.orderId !== null && (
        <a href={hrefFor('sequences', encodeURIComponent(summary.orderId))} data-testid="link-sequence">
          Order {summary.orderId}’s sequence
        </a>
      )}
    </div>
  );
}
