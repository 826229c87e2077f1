import { z } from 'zod';
import { defineCall } from './define';
import { JobIdSchema } from './jobs';
import { ScenarioFileSchema } from '../scenario/scenario-file';
import { FUZZ_MAX_EVENTS } from '../fuzz/search';

/**
 * Sequences → Flows → Chaos replay's **Search for a failing order**: the fuzz search of
 * `hooklab scenario fuzz` (shared/fuzz) run in the core as a job against the user's local
 * handler, answering the minimal failing sequence.
 */

/** One arrival of the minimal sequence, as the timeline shows it. */
export const FuzzArrivalSchema = z.object({
  position: z.number().int(),
  /** The event's type as recorded (sender text), null when the body had none. */
  eventType: z.string().nullable(),
  eventId: z.string().nullable(),
  kind: z.enum(['first', 'retry', 'resend']),
  /** What it is: `Updated READY→DISPATCHED`, `SuccessPayment`. */
  label: z.string(),
  /** The line a person reads: `Updated READY→DISPATCHED (event 41)`. */
  text: z.string(),
});
export type FuzzArrival = z.infer<typeof FuzzArrivalSchema>;

export const FuzzSearchReportSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('passed'), seed: z.number().int(), runs: z.number().int(), stopped: z.enum(['time', 'cancelled']).nullable() }),
  z.object({
    outcome: z.literal('failed'),
    seed: z.number().int(),
    /** 0: the recorded order itself fails. */
    run: z.number().int(),
    /** Arrivals of the failing run before shrinking. */
    foundLength: z.number().int(),
    /** False when time ran out or it was cancelled while shrinking. */
    complete: z.boolean(),
    minimal: z.array(FuzzArrivalSchema),
    /** The failing run against the expectations, in words. */
    failures: z.array(z.string()),
    /** The minimal sequence against the same events in recorded order, in words. */
    differences: z.array(z.string()),
    /** `PATH=VALUE` that hold for the minimal sequence in recorded order (for `hooklab scenario run`). */
    expect: z.array(z.string()),
    /** The minimal sequence as a scenario file, to save. */
    scenario: ScenarioFileSchema,
  }),
]);
export type FuzzSearchReport = z.infer<typeof FuzzSearchReportSchema>;

export const flowsFuzzCalls = {
  'flows.searchFailingOrder': defineCall(
    "Search a scenario's arrivals (another order, retries with the same event id, an event lost and resent, pauses) for one that leaves the handler's state wrong, each run under fresh order and event ids, signed with the current webhook key; the first failure is shrunk to a minimal sequence. A job (kind flows.fuzz, one step per run); jobs.cancel stops it with what it found. The handler and state URLs must be on this machine.",
    z
      .object({
        scenario: ScenarioFileSchema.refine((f) => f.events.length <= FUZZ_MAX_EVENTS, { message: `a search varies at most ${FUZZ_MAX_EVENTS} events` }),
        targetUrl: z.string().min(1).max(2000),
        stateUrl: z.string().min(1).max(2000),
        /** `orders.{orderId}.shipping=DELIVERED`: what the state holds after the recorded events. */
        expect: z.array(z.string().min(3).max(2000)).min(1).max(50),
        runs: z.number().int().min(1).max(10_000).default(300),
        seed: z.number().int().min(0).max(2 ** 31).default(1),
        timeLimitSeconds: z.number().int().min(1).max(3600).default(30),
        jobId: JobIdSchema.optional(),
      })
      .strict(),
    FuzzSearchReportSchema,
    { longRunning: true, largeBody: true },
  ),
} as const;
