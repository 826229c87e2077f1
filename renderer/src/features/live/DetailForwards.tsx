import type { DeliveryDetail } from '../../../../shared/contract/live';
import { is2xx } from '../../../../shared/http/status';
import { TraceWaterfall } from '../../components/trace/TraceWaterfall';

/** Where the delivery was forwarded and what each target answered, with its handler's trace. */
export function DetailForwards({ detail }: { detail: DeliveryDetail }) {
  const { summary } = detail;
  return (
    <section className="live-detail__section">
      {/* An imported delivery was never forwarded here: its results are what the sender's handlers answered (the file's forwards). */}
      <h3 data-testid="forwards-title">
        {summary.imported ? "What the sender's handler answered" : 'Forwarded to'}
      </h3>
      {detail.forwards.length === 0 ? (
        <p className="muted">
          {summary.imported
            ? 'The file does not say (the sender did not forward it, or the file is not a Hooklab export).'
            : 'Not forwarded (no forward targets, or not yet answered).'}
        </p>
      ) : (
        detail.forwards.map((f, i) => (
          <div key={i} className="live-forward" data-testid="forward-result">
            <div className="row">
              <code>{f.target}</code>
              <span className={`badge ${is2xx(f.status) ? 'badge--ok' : 'badge--error'}`}>
                {f.status ?? 'error'}
              </span>
              {f.latencyMs !== null && <span className="muted">{f.latencyMs} ms</span>}
              {f.error && <span className="live-detail__error">{f.error}</span>}
            </div>
            {f.body ? (
              <pre className="live-detail__body live-detail__body--small">{f.body}</pre>
            ) : null}
            {f.status !== null && !summary.imported && (
              <details className="live-forward__trace" open data-testid="forward-trace">
                <summary>What the handler did (trace)</summary>
                <TraceWaterfall traceId={f.traceId} />
              </details>
            )}
          </div>
        ))
      )}
    </section>
  );
}
