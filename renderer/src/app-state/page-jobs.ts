import { slice, useSlice } from './store-root';
import type { JobsState, JobsStore } from './jobs-store';
import type { JobView } from '../../../shared/contract';

/** The page's jobs store (the shell follows it once). */
export const jobsSlice = slice<JobsStore>('jobs');

export function useJobs(): JobsStore {
  return useSlice(jobsSlice);
}

/** The slice's state, or what `selector` picks of it (re-renders when that changes). */
export function useJobsStore(): JobsState;
export function useJobsStore<T>(selector: (s: JobsState) => T): T;
export function useJobsStore<T>(selector?: (s: JobsState) => T): T | JobsState {
  return useSlice(jobsSlice).use<unknown>(selector ?? whole) as T;
}

const whole = (s: JobsState) => s;

/** One job as the store knows it (null until its first progress or list). */
export function useJob(jobId: string | null): JobView | null {
  return useJobsStore((s) => (jobId ? (s.jobs[jobId] ?? null) : null));
}

/** A job id chosen here, so the caller follows the job from its first progress. */
export function newJobId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
