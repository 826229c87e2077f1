import { matchesExpected, sameJson, type Expectation } from '../flows/expectations';
import { seededRandom } from '../flows/chaos-plan';
import { canonicalSteps, drawVariation, recordedSteps, runSeed, type FuzzStep } from './variation';
import { recordedOrderId, runTrial, type FuzzHandler, type StateValue, type TrialIds } from './trial';
import type { ScenarioFile } from '../scenario/scenario-file';
import { shrinkSequence } from './shrink';

/** The most events a search varies: beyond that the variations are too many to mean anything. */
export const FUZZ_MAX_EVENTS = 200;

export interface FuzzSearchOptions {
  /** Variations tried after the recorded order passed. */
  readonly runs: number;
  readonly seed: number;
  /** The longest pause drawn before an arrival (ms). */
  readonly maxGapMs: number;
  readonly now: () => number;
  /** The search (shrinking included) stops by this time (ms, as `now`). */
  readonly endsAt: number;
  readonly signal?: AbortSignal;
  /** A run ended (0 is the recorded order); `shrinking` once the failure is being cut down. */
  readonly onProgress?: (progress: { run: number; shrinking: boolean }) => void;
}

/** One expectation's value where a failing sequence and the same events in recorded order part. */
export interface FuzzDifference {
  readonly path: string;
  /** What the expectation says (the recorded order failing) or what the same events in recorded order gave. */
  readonly expected: StateValue;
  /** What the handler's state said after the failing sequence. */
  readonly got: StateValue;
}

export type FuzzOutcome =
  | { readonly outcome: 'passed'; readonly runs: number; readonly stopped: 'time' | 'cancelled' | null }
  | {
      readonly outcome: 'failed';
      readonly seed: number;
      /** The failing run: 0 when the recorded order itself fails (nothing to shrink then). */
      readonly run: number;
      readonly found: FuzzStep[];
      readonly minimal: FuzzStep[];
      /** False when time ran out or the search was cancelled while shrinking: `minimal` is the smallest found so far. */
      readonly complete: boolean;
      /** The failing run against the expectations given. */
      readonly failures: FuzzDifference[];
      /** The minimal sequence against the same events in recorded order. */
      readonly differences: FuzzDifference[];
      readonly trials: number;
    };

/** Why an expectation failed after a run (null: it held). */
function failureOf(e: Expectation, got: StateValue): FuzzDifference | null {
  return got.found && matchesExpected(got.value, e.expected) ? null : { path: e.path, expected: { found: true, value: e.expected }, got };
}

const sameValue = (a: StateValue, b: StateValue) => a.found === b.found && (!a.found || sameJson(a.value, (b as { value: unknown }).value));

/**
 * Searches for an arrival of the scenario's events that leaves the handler's state wrong:
 * first the recorded order, then `runs` seeded variations (fuzz-variation.ts), each under fresh
 * order and event ids. The first failing run is shrunk (shrink.ts) to the smallest sequence
 * whose state differs from what the same events in recorded order give.
 */
export async function searchFailingOrder(
  file: ScenarioFile,
  expectations: readonly Expectation[],
  handler: FuzzHandler,
  ids: TrialIds,
  options: FuzzSearchOptions,
): Promise<FuzzOutcome> {
  const orderId = recordedOrderId(file);
  let trials = 0;
  const trial = (steps: readonly FuzzStep[]) => runTrial(file.events, steps, expectations, handler, { ...ids, trial: ++trials, orderId });
  const stopReason = () => (options.signal?.aborted ? 'cancelled' : options.now() >= options.endsAt ? 'time' : null);
  const failuresOf = (values: StateValue[]) => expectations.map((e, i) => failureOf(e, values[i]!)).filter((f) => f !== null);

  const recorded = recordedSteps(file.events.length);
  const baseline = failuresOf(await trial(recorded));
  options.onProgress?.({ run: 0, shrinking: false });
  if (baseline.length > 0) return { outcome: 'failed', seed: options.seed, run: 0, found: recorded, minimal: recorded, complete: true, failures: baseline, differences: baseline, trials };

  for (let run = 1; run <= options.runs; run++) {
    const stopped = stopReason();
    if (stopped) return { outcome: 'passed', runs: run - 1, stopped };
    const found = drawVariation(file.events.length, seededRandom(runSeed(options.seed, run)), { maxGapMs: options.maxGapMs });
    const failures = failuresOf(await trial(found));
    options.onProgress?.({ run, shrinking: false });
    if (failures.length === 0) continue;

    // The differential check: a shorter sequence fails when its state differs from its events' recorded order's.
    const canonical = new Map<string, Promise<StateValue[]>>();
    const canonicalValues = (steps: FuzzStep[]) => {
      const steady = canonicalSteps(steps);
      const key = steady.map((s) => s.event).join(',');
      if (!canonical.has(key)) canonical.set(key, trial(steady));
      return canonical.get(key)!;
    };
    const differencesOf = async (steps: FuzzStep[]): Promise<FuzzDifference[]> => {
      const [got, expected] = [await trial(steps), await canonicalValues(steps)];
      return expectations.flatMap((e, i) => (sameValue(got[i]!, expected[i]!) ? [] : [{ path: e.path, expected: expected[i]!, got: got[i]! }]));
    };
    const shrunk = await shrinkSequence(found, async (steps) => {
      if (stopReason()) return null;
      options.onProgress?.({ run, shrinking: true });
      return (await differencesOf(steps)).length > 0;
    });
    const differences = await differencesOf(shrunk.steps);
    return { outcome: 'failed', seed: options.seed, run, found, minimal: shrunk.steps, complete: shrunk.complete, failures, differences, trials };
  }
  return { outcome: 'passed', runs: options.runs, stopped: null };
}
