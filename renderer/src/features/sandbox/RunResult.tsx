import { useSandboxStore } from './sandbox-store';
import { JobProgress } from '../../components/JobProgress';
import { plural } from '../../../../shared/text/plural';


/** The deliveries the last scenario or custom event produced, with what the listener answered. */
export function RunResult() {
  const run = useSandboxStore((s) => s.lastRun);
  if (!run) {
    return (
      <div className="card muted" data-testid="sandbox-result" data-state="idle">
        Run a scenario or send an event: its deliveries and your listener&apos;s answers appear here.
      </div>
    );
  }
  return (
    <div className="card" data-testid="sandbox-result" data-state={run.running ? 'running' : run.error ? 'error' : 'done'}>
      <h2 className="card__title">
        {run.label}: {run.running ? 'sending…' : run.error ? 'failed' : plural(run.result?.deliveries.length ?? 0, 'delivery', 'deliveries')}
      </h2>
      {run.running && <JobProgress jobId={run.jobId} title={run.label} />}
      {run.result?.orderId && <p className="muted">Order {run.result.orderId}. Each delivery also appears in Live.</p>}
      {run.error && <p className="notice notice--error">{run.error}</p>}
      {run.result && run.result.deliveries.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th>Delivery</th>
              <th>Event id</th>
              <th>Type</th>
              <th>Answer</th>
              <th>URL</th>
            </tr>
          </thead>
          <tbody>
            {run.result.deliveries.map((d, i) => (
              <tr key={d.id ?? `unlogged-${i}`} data-testid="sandbox-result-row">
                <td>{d.id ?? <span className="muted">not logged</span>}</td>
                <td>{d.eventId ?? '—'}</td>
                <td>{d.eventType ?? run.eventType ?? '—'}</td>
                <td>
                  <span className={d.delivered ? 'badge badge--ok' : 'badge badge--error'}>
                    {d.responseStatusCode === 0 ? 'no answer' : d.responseStatusCode}
                  </span>
                </td>
                <td className="mono sandbox-url" title={d.url}>
                  {d.url}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
