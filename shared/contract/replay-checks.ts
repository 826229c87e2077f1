/**
 * The handler check's part of the Replay contract: each check's result with its evidence, the
 * report, the call that runs it as a job and the event each finished check sends.
 */
import { z } from 'zod';
import { defineCall, defineEvent } from './define';
import { JobIdSchema } from './jobs';
import { HeaderPairSchema, KeyChoiceSchema } from './replay-drafts';
import { CHECK_IDS } from '../replay/vocabulary';

export { CHECK_IDS, type CheckId } from '../replay/vocabulary';

export const CheckIdSchema = z.enum(CHECK_IDS);

/** One exchange a check made, as evidence. */
export const CheckEvidenceSchema = z.object({
  label: z.string(),
  method: z.string(),
  url: z.string(),
  requestHeaders: z.array(HeaderPairSchema),
  requestBodySize: z.number().int(),
  /** The first 512 characters of the request body. */
  requestBodyExcerpt: z.string(),
  status: z.number().int().nullable(),
  /** The first 512 characters of the response body. */
  responseBodyExcerpt: z.string(),
  latencyMs: z.number().nullable(),
  error: z.string().nullable(),
  /** The W3C trace id of the `traceparent` this exchange carried. */
  traceId: z.string().nullable(),
});
export type CheckEvidence = z.infer<typeof CheckEvidenceSchema>;

export const CheckResultSchema = z.object({
  id: CheckIdSchema,
  title: z.string(),
  passed: z.boolean(),
  /** The status that decided the verdict (the first failing one, else the last), null on a connection error. */
  status: z.number().int().nullable(),
  /** The slowest exchange of the check. */
  latencyMs: z.number().nullable(),
  /** What happened, in one sentence. */
  message: z.string(),
  /** On failure: what to fix, in plain words. */
  fix: z.string().nullable(),
  /** A passing check may still warn (e.g. slower than 2 s). */
  warning: z.string().nullable(),
  evidence: z.array(CheckEvidenceSchema),
  /** The trace of the check's first exchange (each exchange's own is on its evidence). */
  traceId: z.string().nullable(),
});
export type CheckResult = z.infer<typeof CheckResultSchema>;

export const CheckReportSchema = z.object({
  url: z.string(),
  passed: z.boolean(),
  startedAt: z.string(),
  durationMs: z.number(),
  keyLabel: z.string().nullable(),
  /** Set when the handler could not be reached at all (refused, not found); no check was judged. */
  unreachable: z.string().nullable(),
  checks: z.array(CheckResultSchema),
});
export type CheckReport = z.infer<typeof CheckReportSchema>;

export const replayCheckCalls = {
  'replay.checkHandler': defineCall(
    'Run the handler check against a URL (all checks, or `only`, always in CHECK_IDS order) as a job: progress as job.progress, each check as replay.checkResult, both with the same jobId; jobs.cancel stops it (the report then holds the checks that ran). Target rules apply; an unreachable handler ends the run with `unreachable` set and no check judged.',
    z
      .object({
        url: z.string().min(1).max(2000),
        key: KeyChoiceSchema.default({ kind: 'current' }),
        only: z.array(CheckIdSchema).max(CHECK_IDS.length).optional(),
        /**
         * The answer deadline timely-response holds the handler to; defaults to the replay timeout
         * setting (the service's 10 s). The other checks wait up to three times as long, so a slow
         * handler fails timely-response only.
         */
        timeoutMs: z.number().int().min(100).max(600_000).optional(),
        jobId: JobIdSchema.optional(),
      })
      .strict(),
    CheckReportSchema,
    { longRunning: true },
  ),
} as const;

export const replayCheckEvents = {
  'replay.checkResult': defineEvent(
    "A check of a running handler check finished: its result (the job's progress is job.progress).",
    z.object({ jobId: JobIdSchema, check: CheckResultSchema }),
  ),
} as const;
