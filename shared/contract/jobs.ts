import { z } from 'zod';
import { defineCall, defineEvent, NoArgs } from './define';

/**
 * Jobs: long work (bulk resends, the handler check, replays sent more than once, sandbox
 * scenarios, exports) run by one service with a signal, a pool and a rate. A call that
 * starts one either answers `{ jobId }` at once or, when it existed before jobs, keeps its
 * shape and names its job in its progress; either way `jobs.get` follows it.
 */

/** The one definition of a job id (callers may choose theirs, e.g. to follow it before it starts). */
export const JobIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
export type JobId = z.infer<typeof JobIdSchema>;

export const JOB_KINDS = ['history.resend', 'replay.check', 'replay.send', 'sandbox.scenario', 'live.export', 'flows.fuzz', 'share.export', 'scenario.run'] as const;
export const JobKindSchema = z.enum(JOB_KINDS);
export type JobKind = z.infer<typeof JobKindSchema>;

export const JOB_STATES = ['running', 'cancelled', 'done', 'failed'] as const;
export const JobStateSchema = z.enum(JOB_STATES);
export type JobState = z.infer<typeof JobStateSchema>;

/** A job's progress: exactly what `job.progress` carries. */
export const JobProgressSchema = z.object({
  jobId: JobIdSchema,
  kind: JobKindSchema,
  done: z.number().int(),
  total: z.number().int(),
  failed: z.number().int(),
  state: JobStateSchema,
  startedAt: z.string(),
  /** Set once the job ended: results say when they were reached, so none is shown as current later. */
  finishedAt: z.string().optional(),
  /**
   * The unit of done and total when it is not one item each ("deliveries" for a scenario, whose
   * deliveries may take several attempts). Absent: items.
   */
  unit: z.string().max(40).optional(),
  /** What is happening now, when a count alone hides it ("9 attempts; retrying delivery 3 (attempt 2 of 4): the handler answered 503"). */
  note: z.string().max(300).optional(),
  /** Once it ended: what it came to, in words ("delivered 8, refused 1, failed 1"). */
  outcome: z.string().max(300).optional(),
  /**
   * Whether a cancelled job can still be resumed: said again when a resume takes its rest, so a
   * page drops its Resume at once (not at its next jobs.list).
   */
  resumable: z.boolean().optional(),
});
export type JobProgress = z.infer<typeof JobProgressSchema>;

/** A job as `jobs.get` and `jobs.list` answer it: its progress, what it is and how it ended. */
export const JobViewSchema = JobProgressSchema.extend({
  /** What the job does, in words ("Resend 120 events at 5/s"). */
  title: z.string(),
  /** Why it failed (state failed), in words. */
  error: z.string().nullable(),
  /** Whether a cancelled job can be resumed (it then sends only what it had not started); false once resumed. */
  resumable: z.boolean(),
});
export type JobView = z.infer<typeof JobViewSchema>;

const ByJobId = z.object({ jobId: JobIdSchema }).strict();

export const jobsCalls = {
  'jobs.list': defineCall(
    'Jobs running now and those that ended lately (kept for a while), newest first; after a restart also the cancelled resends still resumable (history.resendResume).',
    NoArgs,
    z.object({ jobs: z.array(JobViewSchema) }),
    { readOnly: true },
  ),
  'jobs.get': defineCall('One job (running, or ended lately).', ByJobId, JobViewSchema, { readOnly: true }),
  'jobs.cancel': defineCall(
    'Cancel a running job: nothing new starts; work already under way finishes (a resend sent is not taken back). Answers the job as it is then.',
    ByJobId,
    JobViewSchema,
  ),
} as const;

export const jobsEvents = {
  'job.progress': defineEvent('A job started, advanced or ended.', JobProgressSchema),
} as const;
