import { create, type StoreApi, type UseBoundStore } from 'zustand';
import type { JobProgress, JobView } from '../../../shared/contract';
import type { Transport } from '../transport/transport';
import { formatTime } from '../lib/format';

/** Every job the core knows (running, or ended lately), by id. */
export type JobsById = Readonly<Record<string, JobView>>;

export interface JobsState {
  readonly jobs: JobsById;
  readonly error: string | null;
}

/**
 * Applies one `job.progress` to what is known. A job first seen through its progress gets a
 * plain title until `jobs.list` names it; its end keeps `finishedAt`, so no ended result reads
 * as current later.
 */
export function applyJobProgress(jobs: JobsById, p: JobProgress): JobsById {
  const known = jobs[p.jobId];
  const base: JobView = known ?? { ...p, title: p.kind, error: null, resumable: false };
  // A progress without a note clears the last one: the retry it told of is over.
  const { note: _done, ...rest } = base;
  return { ...jobs, [p.jobId]: { ...rest, ...p } };
}

/** What `jobs.list` answered replaces everything: a job it no longer lists ended before a restart, or long ago. */
export function fromList(list: readonly JobView[]): JobsById {
  return Object.fromEntries(list.map((j) => [j.jobId, j]));
}

/** The jobs of a kind that can still be resumed (after a restart too: jobs.list reports them), newest first. */
export function resumableJobIds(jobs: JobsById, kind: JobView['kind']): string[] {
  return Object.values(jobs)
    .filter((j) => j.kind === kind && j.state === 'cancelled' && j.resumable)
    .sort((a, b) => (b.finishedAt ?? b.startedAt).localeCompare(a.finishedAt ?? a.startedAt))
    .map((j) => j.jobId);
}

/** "finished 14:02 (9 min ago)": when a result was reached, so an old one never reads as current. */
export function endedAt(job: Pick<JobView, 'finishedAt'>, nowMs: number): string | null {
  if (!job.finishedAt) return null;
  const at = new Date(job.finishedAt);
  const minutes = Math.floor((nowMs - at.getTime()) / 60_000);
  const ago = minutes < 1 ? 'just now' : minutes < 60 ? `${minutes} min ago` : `${Math.floor(minutes / 60)} h ago`;
  return `${formatTime(job.finishedAt, { seconds: false, now: new Date(nowMs) })} (${ago})`;
}

export interface JobsStore {
  readonly use: UseBoundStore<StoreApi<JobsState>>;
  /** Reads `jobs.list`, then applies every `job.progress`; re-reads after the event stream comes back. Returns the undo. */
  follow(): () => void;
  /** Reads one job now (a call that names its job answered before its progress arrived). */
  refresh(jobId: string): Promise<void>;
  cancel(jobId: string): Promise<void>;
}

/** The renderer's one jobs store, over a transport (the page's, or a test's). */
export function createJobsStore(transport: Transport): JobsStore {
  const use = create<JobsState>(() => ({ jobs: {}, error: null }));
  const load = () =>
    transport.call('jobs.list', {}).then(
      ({ jobs }) => use.setState({ jobs: fromList(jobs), error: null }),
      (error: Error) => use.setState({ error: error.message }),
    );
  const refresh = async (jobId: string) => {
    try {
      const job = await transport.call('jobs.get', { jobId });
      use.setState((s) => ({ jobs: { ...s.jobs, [jobId]: job } }));
    } catch (error) {
      use.setState({ error: (error as Error).message });
    }
  };
  return {
    use,
    follow() {
      const stops = [
        transport.subscribe('job.progress', (p) => {
          use.setState((s) => ({ jobs: applyJobProgress(s.jobs, p) }));
          // How it ended beyond the counts (its error, whether it can be resumed) is the job's.
          if (p.state !== 'running') void refresh(p.jobId);
        }),
        transport.onReconnect(() => void load()),
      ];
      void load();
      return () => stops.forEach((stop) => stop());
    },
    refresh,
    async cancel(jobId) {
      try {
        const job = await transport.call('jobs.cancel', { jobId });
        use.setState((s) => ({ jobs: { ...s.jobs, [jobId]: { ...job, ...s.jobs[jobId], state: s.jobs[jobId]?.state ?? job.state } } }));
      } catch (error) {
        use.setState({ error: (error as Error).message });
      }
    },
  };
}
