import { hrefFor } from '../../../app-state/routes';
import { Time } from '../../../components/ui';
import { useFlowsStore } from './flows-store';
import { PlainTable } from '../../../components/PlainTable';

/**
 * The order's webhooks as the listener receives them, live, under the flow that caused them.
 * Each opens its delivery in Live; the order opens in the Sequences timeline.
 */
export function FlowEvents() {
  const { events, order } = useFlowsStore();
  if (!order.reference && !order.orderId) return null;
  return (
    <div className="card" data-testid="flow-events">
      <h2 className="card__title">
        Webhooks of this order{' '}
        {order.orderId && (
          <a href={hrefFor('sequences', encodeURIComponent(order.orderId))} className="button button--small" data-testid="flow-open-timeline">
            Open order {order.orderId} in Sequences
          </a>
        )}
      </h2>
      {events.length === 0 ? (
        <p className="muted">Waiting for the service&apos;s webhooks for this order (they arrive at Hooklab&apos;s listener)…</p>
      ) : (
        <PlainTable head={['Received', 'Event', 'Event id', 'Order', 'Signature', '']}>
          {events.map((d) => (
            <tr key={d.id} data-testid="flow-event" data-type={d.eventType ?? ''}>
              <td className="mono">
                <Time iso={d.receivedAt} ms />
              </td>
              <td>{d.eventType ?? '—'}</td>
              <td className="mono">{d.eventId ?? 'not logged'}</td>
              <td className="mono">{d.orderId}</td>
              <td>
                <span className={d.signature === 'valid' ? 'badge badge--ok' : 'badge badge--error'}>{d.signature}</span>
                {d.duplicateOf !== null && <span className="badge">duplicate</span>}
                {d.outOfOrder && <span className="badge">out of order</span>}
              </td>
              <td>
                <a href={hrefFor('live', String(d.id))}>Open in Live</a>
              </td>
            </tr>
          ))}
        </PlainTable>
      )}
    </div>
  );
}
