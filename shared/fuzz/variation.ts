/**
 * What a fuzz run sends: a variation of a scenario's events that the service may really
 * deliver (interface 6.1: at least once, out of order; 4.9: a resend keeps the event id).
 * Pure and seeded, so a seed replays the same search on any machine.
 */

/** How an event's arrival came about. */
export type ArrivalKind = 'first' | 'retry' | 'resend';

/** One arrival at the handler: which recorded event (its index in the file), how, after what pause. */
export interface FuzzStep {
  readonly event: number;
  /** `retry`: the service sent it again (same event id); `resend`: it was lost and resent from the delivery history later. */
  readonly kind: ArrivalKind;
  /** A pause before this arrival (0 for none). */
  readonly gapMs: number;
}

export interface VariationLimits {
  /** The longest pause drawn before an arrival. */
  readonly maxGapMs: number;
}

/** The scenario's events as recorded: each once, in file order, no pauses (what the expectations describe). */
export function recordedSteps(eventCount: number): FuzzStep[] {
  return Array.from({ length: eventCount }, (_, event) => ({ event, kind: 'first' as const, gapMs: 0 }));
}

/** The same events in recorded order, each once, no pauses: what the steps should lead to. */
export function canonicalSteps(steps: readonly FuzzStep[]): FuzzStep[] {
  return [...new Set(steps.map((s) => s.event))].sort((a, b) => a - b).map((event) => ({ event, kind: 'first' as const, gapMs: 0 }));
}

const below = (random: () => number, n: number) => Math.floor(random() * n);

/**
 * One variation of `eventCount` events: another arrival order (a shuffle or a few events moved),
 * an event lost and resent later, retries at once (up to the service's 3) or after other
 * events, and pauses. Each event arrives at least once.
 */
export function drawVariation(eventCount: number, random: () => number, limits: VariationLimits): FuzzStep[] {
  let steps: FuzzStep[] = recordedSteps(eventCount);
  const move = (from: number, to: number, kind?: ArrivalKind) => {
    const [step] = steps.splice(from, 1);
    steps.splice(to, 0, kind ? { ...step!, kind } : step!);
  };
  if (random() < 0.4) {
    for (let i = steps.length - 1; i > 0; i--) {
      const j = below(random, i + 1);
      [steps[i], steps[j]] = [steps[j]!, steps[i]!];
    }
  } else {
    for (let moves = 1 + below(random, 2); moves > 0; moves--) move(below(random, steps.length), below(random, steps.length));
  }
  if (eventCount > 1 && random() < 0.3) {
    // Lost on its way, resent from the history after later events arrived.
    const from = below(random, steps.length - 1);
    move(from, from + 1 + below(random, steps.length - from - 1), 'resend');
  }
  const withRetries: FuzzStep[] = [];
  for (const step of steps) {
    withRetries.push(step);
    if (random() < 0.15) for (let n = 1 + below(random, 3); n > 0; n--) withRetries.push({ event: step.event, kind: 'retry', gapMs: 0 });
  }
  steps = withRetries;
  if (random() < 0.3) {
    const at = below(random, steps.length);
    steps.splice(at + 1 + below(random, steps.length - at), 0, { event: steps[at]!.event, kind: 'retry', gapMs: 0 });
  }
  return steps.map((s) => (limits.maxGapMs > 0 && random() < 0.1 ? { ...s, gapMs: 1 + below(random, limits.maxGapMs) } : s));
}

/** Each run's own generator, from the search's seed and the run's number (mulberry32 over a mixed seed). */
export function runSeed(seed: number, run: number): number {
  let h = (seed ^ Math.imul(run + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  return (h ^ (h >>> 13)) >>> 0;
}
