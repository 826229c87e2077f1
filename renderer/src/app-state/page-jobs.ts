import { transport } from '../transport';
import { createJobsStore } from './jobs-store';
import type { JobView } from '../../../shared/contract';

/** The page's jobs store (the shell follows it once). */
export const jobsStore = createJobsStore(transport);

/** One job as the store knows it (null until its first progress or list). */
export function useJob(jobId: string | null): JobView | null {
  return jobsStore.use((s) => (jobId ? (s.jobs[jobId] ?? null) : null));
}

/** A job id chosen here, so the caller follows the job from its first progress. */
export function newJobId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
