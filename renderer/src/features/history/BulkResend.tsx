import { useHistoryStore } from './history-store';

/** Progress bar and summary of the running (or last) bulk resend. */
export function BulkResend() {
  const bulk = useHistoryStore((s) => s.bulk);
  if (!bulk) return null;
  const percent = bulk.total > 0 ? Math.round((bulk.done / bulk.total) * 100) : 0;
  return (
    <div className="card" data-testid="bulk-resend" data-finished={bulk.summary !== null || bulk.error !== null}>
      <h2 className="card__title">Resend {bulk.summary ? 'finished' : 'in progress'}</h2>
      <progress max={Math.max(1, bulk.total)} value={bulk.done} style={{ width: '100%' }} data-testid="bulk-progress" />
      <p className="muted">
        {bulk.done} of {bulk.total} ({percent}%) · {bulk.delivered} delivered · {bulk.failed} not delivered
      </p>
      {bulk.error && <p className="notice notice--error">{bulk.error}</p>}
      {bulk.summary && (
        <div data-testid="bulk-summary">
          <p>
            {bulk.summary.delivered} of {bulk.summary.total} resent and delivered.
            {Object.entries(bulk.summary.byKind)
              .filter(([kind]) => kind !== 'delivered')
              .map(([kind, n]) => ` ${n} ${kind}.`)}
          </p>
          {bulk.summary.problems.length > 0 && (
            <ul className="muted">
              {bulk.summary.problems.slice(0, 10).map((p) => (
                <li key={`${p.id}-${p.kind}`}>
                  {p.id}: {p.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
