import type { FuzzStep } from './variation';

/** Says whether a candidate still fails; `null` when the search must stop (cancelled, out of time). */
export type StillFails = (steps: FuzzStep[]) => Promise<boolean | null>;

/** Stopped early: the smallest failing sequence found so far stands. */
class Stopped extends Error {}

async function failsOrStop(stillFails: StillFails, steps: FuzzStep[]): Promise<boolean> {
  const verdict = await stillFails(steps);
  if (verdict === null) throw new Stopped();
  return verdict;
}

function chunksOf<T>(items: readonly T[], n: number): T[][] {
  const chunks: T[][] = [];
  const size = items.length / n;
  for (let i = 0; i < n; i++) chunks.push(items.slice(Math.round(i * size), Math.round((i + 1) * size)));
  return chunks.filter((c) => c.length > 0);
}

/**
 * Delta debugging (Zeller's ddmin): the failing sequence cut to one where dropping any single
 * step makes the failure go away. Tries each chunk alone, then the sequence without each chunk,
 * and refines the chunks when neither fails.
 */
async function ddmin(failing: FuzzStep[], stillFails: StillFails): Promise<FuzzStep[]> {
  let current = failing;
  let n = 2;
  while (current.length >= 2) {
    const chunks = chunksOf(current, Math.min(n, current.length));
    let reduced = false;
    for (const chunk of chunks) {
      if (await failsOrStop(stillFails, chunk)) {
        current = chunk;
        n = 2;
        reduced = true;
        break;
      }
    }
    if (!reduced) {
      for (const chunk of chunks) {
        const rest = current.filter((s) => !chunk.includes(s));
        if (await failsOrStop(stillFails, rest)) {
          current = rest;
          n = Math.max(n - 1, 2);
          reduced = true;
          break;
        }
      }
    }
    if (!reduced) {
      if (n >= current.length) break;
      n = Math.min(current.length, n * 2);
    }
  }
  return current;
}

/** Puts neighbours back in recorded order where the failure stays, so what is left out of order is what matters. */
async function restoreOrder(failing: FuzzStep[], stillFails: StillFails): Promise<FuzzStep[]> {
  let current = failing;
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0; i + 1 < current.length; i++) {
      if (current[i]!.event <= current[i + 1]!.event) continue;
      const swapped = [...current];
      [swapped[i], swapped[i + 1]] = [swapped[i + 1]!, swapped[i]!];
      if (await failsOrStop(stillFails, swapped)) {
        current = swapped;
        changed = true;
      }
    }
  }
  return current;
}

/**
 * The smallest failing sequence: pauses dropped, then events and repeats dropped (ddmin), then
 * the order restored where it does not matter, each step kept only while the failure stays.
 * Stops early (with the best so far, `complete: false`) when `stillFails` answers null.
 */
export async function shrinkSequence(failing: readonly FuzzStep[], stillFails: StillFails): Promise<{ steps: FuzzStep[]; complete: boolean }> {
  let best = [...failing];
  try {
    if (best.some((s) => s.gapMs > 0)) {
      const gapless = best.map((s) => ({ ...s, gapMs: 0 }));
      if (await failsOrStop(stillFails, gapless)) best = gapless;
    }
    best = await ddmin(best, async (steps) => {
      const verdict = await stillFails(steps);
      if (verdict === true) best = steps;
      return verdict;
    });
    best = await restoreOrder(best, async (steps) => {
      const verdict = await stillFails(steps);
      if (verdict === true) best = steps;
      return verdict;
    });
    return { steps: best, complete: true };
  } catch (error) {
    if (error instanceof Stopped) return { steps: best, complete: false };
    throw error;
  }
}
