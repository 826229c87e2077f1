import type { ReactNode } from 'react';
import { endedAt } from '../app-state/jobs-store';
import { jobsStore, useJob } from '../app-state/page-jobs';
import './job-progress.css';

const STATE_WORDS = { running: 'running', done: 'finished', cancelled: 'cancelled', failed: 'failed' } as const;

/**
 * The one progress view of long work (History's resends, Replay's sends and check, Sandbox's
 * scenarios, Live's replays and exports): done of total, failures, Cancel while it runs, and when it ended.
 */
export function JobProgress({ jobId, title, children, onResume }: { jobId: string; title?: string; children?: ReactNode; onResume?: () => void }) {
  const job = useJob(jobId);
  if (!job) return null;
  const percent = job.total > 0 ? Math.round((job.done / job.total) * 100) : 0;
  const ended = endedAt(job, Date.now());
  return (
    <div className="card job-progress" data-testid="job-progress" data-job-id={job.jobId} data-state={job.state}>
      <h2 className="card__title">
        {title ?? job.title} · <span data-testid="job-state">{STATE_WORDS[job.state]}</span>
      </h2>
      {job.total > 0 ? <progress max={job.total} value={job.done} data-testid="job-bar" /> : <progress data-testid="job-bar" />}
      <p className="muted" data-testid="job-counts">
        {job.total > 0 ? `${job.done} of ${job.total} (${percent}%)` : `${job.done} so far`}
        {job.failed > 0 ? ` · ${job.failed} failed` : ''}
        {ended ? ` · ${STATE_WORDS[job.state]} ${ended}` : ''}
      </p>
      {job.error && <p className="notice notice--error">{job.error}</p>}
      <div className="job-progress__actions">
        {job.state === 'running' && (
          <button type="button" className="button button--small" data-testid="job-cancel" onClick={() => void jobsStore.cancel(job.jobId)}>
            Cancel
          </button>
        )}
        {job.state === 'cancelled' && job.resumable && onResume && (
          <button type="button" className="button button--small" data-testid="job-resume" onClick={onResume}>
            Resume (only what was not sent)
          </button>
        )}
      </div>
      {children}
    </div>
  );
}
