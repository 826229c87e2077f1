import { CallError } from '../../shared/contract/errors';
import type { JobView } from '../../shared/contract/jobs';
import type { Jobs } from '../services/jobs/jobs';
import type { Feature } from '../services/kernel/feature';

/** The jobs.* calls over the core's one Jobs service; cancelling every job first when the core stops. */
export function createJobsFeature(jobs: Jobs): Feature {
  const known = (jobId: string, view: JobView | null): JobView => {
    if (!view) throw new CallError('not-found', `no job ${jobId} (unknown, or it ended long enough ago to be forgotten)`);
    return view;
  };
  return {
    name: 'jobs',
    handlers: {
      'jobs.list': async () => ({ jobs: jobs.list() }),
      'jobs.get': async ({ jobId }) => known(jobId, jobs.get(jobId)),
      'jobs.cancel': async ({ jobId }) => known(jobId, jobs.cancel(jobId)),
    },
  };
}
