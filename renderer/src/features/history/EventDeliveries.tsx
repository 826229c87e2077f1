import { Fragment, useEffect, useState } from 'react';
import type { WebhookDelivery } from '../../../../shared/service';
import { hrefFor } from '../../app-state/routes';
import { useTransport } from '../../transport';
import { useHistory } from './history-store';

/**
 * The deliveries of one event (original and resends) with what arrived here for it, and the
 * diffs that make sense between them.
 */
export function EventDeliveries({ eventId }: { eventId: number }) {
  const { resend, showDiff } = useHistory();
  const transport = useTransport();
  const [deliveries, setDeliveries] = useState<WebhookDelivery[]>([]);
  const [arrivals, setArrivals] = useState<Array<{ id: number; receivedAt: string; deliveryId: number | null }>>([]);
  const [error, setError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    setLoaded(false);
    Promise.all([
      transport.call('history.local', { eventId, limit: 1000 }),
      transport.call('history.arrivals', { eventId }),
    ]).then(
      ([d, a]) => {
        setDeliveries(d.deliveries);
        setArrivals(a.arrivals);
        setLoaded(true);
      },
      (e: Error) => setError(e.message),
    );
  }, [transport, eventId]);
  const original = deliveries[0];
  // Each delivery's own arrival (the core pairs them by time): never another delivery's.
  const arrivalOf = (deliveryId: number) => arrivals.find((a) => a.deliveryId === deliveryId);
  return (
    <div className="history-event-detail" data-testid={`event-detail-${eventId}`}>
      {error && <p className="notice notice--error">{error}</p>}
      {loaded && deliveries.length === 0 && (
        <p className="notice" data-testid="event-unknown">
          No delivery of event {eventId} in the history copy of the active environment: it may be another environment&apos;s, or not copied yet (Poll now).
        </p>
      )}
      <table className="table">
        <thead>
          <tr>
            <th>Delivery</th>
            <th>Created</th>
            <th>Status</th>
            <th>Delivered</th>
            <th>URL</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => (
            <tr key={d.id} data-testid={`event-delivery-${d.id}`}>
              <td className="mono">{d.id}{d.id === eventId ? ' (original)' : ' (resend)'}</td>
              <td className="mono">{d.created}</td>
              <td className="mono">{d.responseStatusCode === 0 ? 'in flight' : d.responseStatusCode}</td>
              <td>{d.delivered ? 'yes' : 'no'}</td>
              <td className="mono">{d.url}</td>
              <td className="row">
                <button type="button" className="button button--small" onClick={() => void resend(d.id)} data-testid={`resend-delivery-${d.id}`}>
                  Resend
                </button>
                <a className="button button--small" href={hrefFor('replay', `history/${d.id}`)} data-testid={`open-in-replay-${d.id}`}>
                  Open in Replay
                </a>
                {original && d.id !== original.id && (
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => showDiff({ left: { kind: 'history', id: original.id }, right: { kind: 'history', id: d.id } })}
                  >
                    Diff with original
                  </button>
                )}
                {arrivalOf(d.id) && (
                  <button
                    type="button"
                    className="button button--small"
                    data-testid={`diff-received-${d.id}`}
                    title={`Compare with what arrived here for this delivery (received ${arrivalOf(d.id)!.id})`}
                    onClick={() => showDiff({ left: { kind: 'received', id: arrivalOf(d.id)!.id }, right: { kind: 'history', id: d.id } })}
                  >
                    Diff with received
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted" data-testid={`event-arrivals-${eventId}`}>
        {arrivals.length === 0 ? (
          'Nothing arrived at this listener for this event.'
        ) : (
          <>
            Arrived here {arrivals.length === 1 ? 'once' : `${arrivals.length} times`}: received{' '}
            {arrivals.map((a, i) => (
              <Fragment key={a.id}>
                {i > 0 && ', '}
                <a href={hrefFor('live', String(a.id))} data-testid={`arrival-link-${a.id}`}>
                  {a.id}
                </a>
              </Fragment>
            ))}
            {' · '}
            <a href={hrefFor('live', '', { 'f.eventId': String(eventId) })} data-testid={`event-live-link-${eventId}`}>
              show them in Live
            </a>
          </>
        )}
      </p>
    </div>
  );
}
