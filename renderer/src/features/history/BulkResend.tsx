import { JobProgress } from '../../components/JobProgress';
import { useJob } from '../../app-state/page-jobs';
import { transport } from '../../transport';
import { Count, Notice } from '../../components/ui';
import { followResendJob, loadEvents, loadSummary, useHistoryStore } from './history-store';

/** The running (or last) bulk resend: its job's progress, then what it came to. */
export function BulkResend() {
  const bulk = useHistoryStore((s) => s.bulk);
  const job = useJob(bulk?.jobId ?? null);
  if (!bulk) return null;
  // A job the core no longer lists (it restarted, or it ended long ago) is not shown as current.
  if (!job && bulk.summary === null && bulk.error === null) return null;
  const resume = async () => {
    const resumed = await transport.call('history.resendResume', { jobId: bulk.jobId });
    followResendJob(resumed.jobId);
  };
  return (
    <div data-testid="bulk-resend" data-finished={job ? job.state !== 'running' : true}>
      {job && <JobProgress jobId={bulk.jobId} onResume={() => void resume().finally(() => void (loadEvents(), loadSummary()))} />}
      {bulk.error && <Notice tone="error">{bulk.error}</Notice>}
      {bulk.summary && (
        <div data-testid="bulk-summary">
          <p>
            <Count n={bulk.summary.delivered} /> of <Count n={bulk.summary.total} /> resent and delivered.
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
