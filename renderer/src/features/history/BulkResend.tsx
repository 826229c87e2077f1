import { JobProgress } from '../../components/JobProgress';
import { useJob, useJobsStore } from '../../app-state/page-jobs';
import { resumableJobIds } from '../../app-state/jobs-store';
import { useTransport } from '../../transport';
import { Count, Notice } from '../../components/ui';
import { useHistory, useHistoryStore } from './history-store';

/** Continues a cancelled resend as a new job (only what it had not sent), followed as the current bulk resend. */
function useResume(): (jobId: string) => void {
  const transport = useTransport();
  const history = useHistory();
  return (jobId) =>
    void transport
      .call('history.resendResume', { jobId })
      .then((resumed) => history.followResendJob(resumed.jobId))
      .finally(() => void (history.loadEvents(), history.loadSummary()));
}

/**
 * Cancelled resends that can still be resumed other than the current one: after a restart the
 * core lists those cancelled before it (their rest is kept in the data folder).
 */
function ResumableResends({ except }: { except: string | null }) {
  const resume = useResume();
  const ids = useJobsStore((s) => resumableJobIds(s.jobs, 'history.resend').join(' '));
  const others = ids.split(' ').filter((id) => id !== '' && id !== except);
  if (others.length === 0) return null;
  return (
    <div data-testid="resumable-resends">
      {others.map((id) => (
        <JobProgress key={id} jobId={id} onResume={() => resume(id)} />
      ))}
    </div>
  );
}

/** The running (or last) bulk resend: its job's progress, then what it came to; and the resends left to resume. */
export function BulkResend() {
  const resume = useResume();
  const bulk = useHistoryStore((s) => s.bulk);
  const job = useJob(bulk?.jobId ?? null);
  const resumable = <ResumableResends except={bulk?.jobId ?? null} />;
  // A job the core no longer lists (it restarted, or it ended long ago) is not shown as current.
  if (!bulk || (!job && bulk.summary === null && bulk.error === null)) return resumable;
  return (
    <div data-testid="bulk-resend" data-finished={job ? job.state !== 'running' : true}>
      {resumable}
      {job && <JobProgress jobId={bulk.jobId} onResume={() => resume(bulk.jobId)} />}
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
