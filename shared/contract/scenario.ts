/**
 * Calls on scenarios: recorded sequences of an order's deliveries (shared/scenario), and the
 * regression tests written from them for a user's own suite (shared/regression-test).
 */
import { z } from 'zod';
import { defineCall } from './define';
import { ScenarioFileSchema } from '../scenario/scenario-file';
import { TEST_FRAMEWORKS } from '../regression-test/test-file';
import { JobIdSchema } from './jobs';
import { KeyChoiceSchema } from './replay-drafts';

export const RegressionTestArgsSchema = z
  .object({
    /** The order whose received deliveries the test sends (as Sequences and Live show it)... */
    orderId: z.string().min(1).max(200).optional(),
    /** ...or a scenario file's content (a shrunk sequence, a file the user opened). */
    scenario: ScenarioFileSchema.optional(),
    framework: z.enum(TEST_FRAMEWORKS).optional(),
    /** `path=value`, as `scenario run --expect`; none: the order's derived states. */
    expect: z.array(z.string().min(1).max(2000)).max(100).optional(),
    /** The state URL written in as HOOKLAB_STATE_URL's default. */
    expectState: z.string().max(2000).optional(),
    /** Personal data in the bodies replaced by consistent pseudonyms (shared/redaction). */
    redact: z.boolean().optional(),
  })
  .strict()
  .refine((a) => (a.orderId === undefined) !== (a.scenario === undefined), { message: 'give orderId or scenario, one of them' });

export const ScenarioRunArgsSchema = z
  .object({
    scenario: ScenarioFileSchema,
    /** Where every event goes: a Replay target (loopback, or opted in). */
    targetUrl: z.string().min(1).max(2000),
    key: KeyChoiceSchema.default({ kind: 'current' }),
    shuffle: z.boolean().default(false),
    seed: z.number().int().min(0).max(2 ** 31).default(1),
    duplicates: z.number().int().min(0).max(100).default(0),
    /** `path=value`, as `scenario run --expect`; checked against expectState after the last event. */
    expect: z.array(z.string().min(1).max(2000)).max(100).default([]),
    /** The handler's state as JSON (GET), on this machine. */
    expectState: z.string().min(1).max(2000).optional(),
    /** Headers added to every send (MCP marks its sends X-Hooklab-Sent-By). */
    headers: z.array(z.tuple([z.string().min(1).max(100), z.string().max(1000)])).max(10).default([]),
    jobId: JobIdSchema.optional(),
  })
  .strict()
  .refine((a) => a.expect.length === 0 || a.expectState !== undefined, { message: 'expect needs expectState (the URL of the handler\'s state)' });

export const ScenarioRunResultSchema = z.object({
  jobId: JobIdSchema,
  /** Every send answered 2xx and every expectation holds (and the run was not cancelled). */
  passed: z.boolean(),
  cancelled: z.boolean(),
  sends: z.number().int(),
  /** The sends not answered 2xx, in words. */
  refused: z.array(z.string()),
  /** One per send, then PASS/FAIL per expectation, as `hooklab scenario run` prints them. */
  lines: z.array(z.object({ passed: z.boolean(), text: z.string() })),
});
export type ScenarioRunResult = z.infer<typeof ScenarioRunResultSchema>;

export const scenarioCalls = {
  'scenario.run': defineCall(
    'Run a scenario file against a handler as `hooklab scenario run` does, as a job (kind scenario.run): each event re-signed with `key` (event ids and created times kept), shuffled with `seed` and repeated `duplicates` times when asked, no waiting between events; then the state at expectState read and each expect checked. Answers when the job ends, with a line per send and PASS/FAIL per expectation.',
    ScenarioRunArgsSchema,
    ScenarioRunResultSchema,
    { longRunning: true, largeBody: true },
  ),
  'scenario.regressionTest': defineCall(
    "A test file for the user's own suite (Vitest or Jest, on hooklab/testing) from an order's received deliveries or a scenario file: the events as recorded, signed at run time with HOOKLAB_WEBHOOK_KEY, sent to HOOKLAB_HANDLER_URL, then the state at HOOKLAB_STATE_URL checked against each expect (default: the order's derived states). Returns the file's name and text, and the command that runs it.",
    RegressionTestArgsSchema,
    z.object({ fileName: z.string(), text: z.string(), runCommand: z.string() }),
    { readOnly: true, largeBody: true },
  ),
} as const;
