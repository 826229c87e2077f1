import { useEffect, useState } from 'react';
import type { CallResult } from '../../../../shared/contract';
import type { DeliverySummary } from '../../../../shared/contract/live';
import { useTransport } from '../../transport';
import { Time } from '../../components/ui';

type Rows = CallResult<'live.importedHistory'>['deliveries'];

/**
 * What the sender's service logged for an imported delivery's event, carried by the bundle
 * (live.importedHistory): its attempts, their answers and whether one was delivered. Never the
 * folder's own history copy, so it is shown here, beside the request, and nowhere in History.
 */
export function ImportedHistory({ summary }: { summary: DeliverySummary }) {
  const transport = useTransport();
  const eventId = summary.imported ? summary.eventId : null;
  const [rows, setRows] = useState<{ eventId: number; rows: Rows } | null>(null);
  useEffect(() => {
    if (eventId === null) return;
    let current = true;
    transport.call('live.importedHistory', { eventId, limit: 100 }).then(
      ({ deliveries }) => current && setRows({ eventId, rows: deliveries }),
      () => current && setRows(null),
    );
    return () => {
      current = false;
    };
  }, [transport, eventId]);
  const shown = rows && rows.eventId === eventId ? rows.rows : [];
  if (shown.length === 0) return null;
  const delivered = shown.some((r) => r.delivered);
  return (
    <section className="live-detail__section" data-testid="imported-history">
      <h3>The sender&rsquo;s service history of event {eventId}</h3>
      <p className="muted">
        From {shown[0]!.fileName}: {shown.length} {shown.length === 1 ? 'attempt' : 'attempts'}, {delivered ? 'delivered' : 'never delivered'}. Not your
        history copy: History does not count these.
      </p>
      <table className="table">
        <thead>
          <tr>
            <th>Delivery</th>
            <th>Sent</th>
            <th>Answer</th>
            <th>Delivered</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <tr key={`${r.importId}-${r.id}`} data-testid="imported-history-row">
              <td className="mono">{r.id}</td>
              <td>
                <Time iso={r.created} />
              </td>
              <td>{r.responseStatusCode}</td>
              <td>{r.delivered ? 'yes' : 'no'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
