/**
 * Calls on scenarios: recorded sequences of an order's deliveries (shared/scenario), and the
 * regression tests written from them for a user's own suite (shared/regression-test).
 */
import { z } from 'zod';
import { defineCall } from './define';
import { ScenarioFileSchema } from '../scenario/scenario-file';
import { TEST_FRAMEWORKS } from '../regression-test/test-file';

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

export const scenarioCalls = {
  'scenario.regressionTest': defineCall(
    "A test file for the user's own suite (Vitest or Jest, on hooklab/testing) from an order's received deliveries or a scenario file: the events as recorded, signed at run time with HOOKLAB_WEBHOOK_KEY, sent to HOOKLAB_HANDLER_URL, then the state at HOOKLAB_STATE_URL checked against each expect (default: the order's derived states). Returns the file's name and text, and the command that runs it.",
    RegressionTestArgsSchema,
    z.object({ fileName: z.string(), text: z.string(), runCommand: z.string() }),
    { readOnly: true, largeBody: true },
  ),
} as const;
