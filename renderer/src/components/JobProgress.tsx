import type { ReactNode } from 'react';
import { endedAt } from '../app-state/jobs-store';
import { useJob, useJobs } from '../app-state/page-jobs';
import { Button, Card, Count, Notice } from './ui';
import './job-progress.css';

const STATE_WORDS = { running: 'running', done: 'finished', cancelled: 'cancelled', failed: 'failed' } as const;

/**
 * The one progress view of long work (History's resends, Replay's sends and check, Sandbox's
 * scenarios, Live's replays and exports): done of total, failures, Cancel while it runs, and when it ended.
 */
export function JobProgress({ jobId, title, children, onResume }: { jobId: string; title?: string; children?: ReactNode; onResume?: () => void }) {
  const jobs = useJobs();
  const job = useJob(jobId);
  if (!job) return null;
  const percent = job.total > 0 ? Math.round((job.done / job.total) * 100) : 0;
  const ended = endedAt(job, Date.now());
  return (
    <div className="job-progress" data-testid="job-progress" data-job-id={job.jobId} data-state={job.state}>
      <Card
        title={
          <>
            {title ?? job.title} · <span data-testid="job-state">{STATE_WORDS[job.state]}</span>
          </>
        }
      >
      {job.total > 0 ? <progress max={job.total} value={job.done} data-testid="job-bar" /> : <progress data-testid="job-bar" />}
      <p className="muted" data-testid="job-counts">
        {job.total > 0 ? (
          <>
            <Count n={job.done} /> of <Count n={job.total} />
            {job.unit ? ` ${job.unit}` : ''} ({percent}%)
          </>
        ) : (
          <>
            <Count n={job.done} /> so far
          </>
        )}
        {job.failed > 0 && (
          <>
            {' · '}
            <Count n={job.failed} /> failed
          </>
        )}
        {ended ? ` · ${STATE_WORDS[job.state]} ${ended}` : ''}
      </p>
      {job.state === 'running' && job.note && (
        <p className="muted" data-testid="job-note">
          {job.note}
        </p>
      )}
      {job.state !== 'running' && job.outcome && (
        <p className="job-progress__outcome" data-testid="job-outcome">
          {job.outcome}
        </p>
      )}
      {job.error && <Notice tone="error">{job.error}</Notice>}
      <div className="job-progress__actions">
        {job.state === 'running' && (
          <Button data-testid="job-cancel" onClick={() => void jobs.cancel(job.jobId)}>
            Cancel
          </Button>
        )}
        {job.state === 'cancelled' && job.resumable && onResume && (
          <Button data-testid="job-resume" onClick={onResume}>
            Resume (only what was not sent)
          </Button>
        )}
      </div>
      {children}
      </Card>
    </div>
  );
}
