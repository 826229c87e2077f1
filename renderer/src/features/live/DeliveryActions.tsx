import { useEffect, useState } from 'react';
import type { DiffResult, ResendOutcomeView } from '../../../../shared/contract/history';
import type { DeliverySummary } from '../../../../shared/contract/live';
import { hrefFor } from '../../app-state/routes';
import { BodyDiff } from '../../components/diff/BodyDiff';
import { useTransport } from '../../transport';
import { ResendOutcome } from '../../components/ResendOutcome';
import { RegressionTestButton } from '../../components/RegressionTestButton';

/**
 * What the user can do with a received delivery: open it in Replay; when its event is in the
 * history copy, have the service resend it (by event id, outcome explained as in History) and
 * diff it against the payload the service's history holds; and make a regression test of its
 * order.
 */
export function DeliveryActions({ summary }: { summary: DeliverySummary }) {
  const transport = useTransport();
  const [historyId, setHistoryId] = useState<number | null>(null);
  const [resending, setResending] = useState(false);
  const [outcome, setOutcome] = useState<ResendOutcomeView | null>(null);
  const [diff, setDiff] = useState<DiffResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { eventId } = summary;

  useEffect(() => {
    setHistoryId(null);
    setOutcome(null);
    setDiff(null);
    setError(null);
    if (eventId === null) return;
    let alive = true;
    // The event's original history delivery, if the history copy has it.
    transport.call('history.local', { eventId, limit: 1 }).then(
      ({ deliveries }) => alive && setHistoryId(deliveries[0]?.id ?? null),
      () => alive && setHistoryId(null),
    );
    return () => {
      alive = false;
    };
  }, [transport, summary.id, eventId]);

  const resend = async () => {
    if (eventId === null) return;
    setResending(true);
    setError(null);
    try {
      setOutcome(await transport.call('history.resend', { id: eventId }));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setResending(false);
    }
  };
  const compare = async () => {
    if (historyId === null) return;
    setError(null);
    try {
      setDiff(await transport.call('history.diff', { left: { kind: 'received', id: summary.id }, right: { kind: 'history', id: historyId } }));
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <div className="replay-live-actions" data-testid="delivery-actions">
      <div className="row">
        <a className="button button--small" href={hrefFor('replay', `live/${summary.id}`)} data-testid="open-in-replay">
          Open in Replay
        </a>
        {/* Offered only for an event the history copy holds: the service resends what it logged, and
            an unverified delivery's event id proves nothing about such an event. */}
        {historyId !== null && (
          <button
            type="button"
            className="button button--small"
            disabled={resending}
            title={`Ask the service to resend event ${eventId}`}
            onClick={() => void resend()}
            data-testid="resend-from-service"
          >
            {resending ? 'Resending…' : 'Resend from the service'}
          </button>
        )}
        {historyId !== null && (
          <button type="button" className="button button--small" onClick={() => void compare()} data-testid="diff-against-history">
            Diff against history
          </button>
        )}
      </div>
      {summary.orderId !== null && <RegressionTestButton orderId={summary.orderId} testIdPrefix="live" />}
      {outcome && <ResendOutcome outcome={outcome} />}
      {error && <p className="notice notice--error">{error}</p>}
      {diff && <BodyDiff result={diff} viewTestId="live-history-diff-view" />}
    </div>
  );
}
