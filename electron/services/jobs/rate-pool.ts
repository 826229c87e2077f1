import { setTimeout as delay } from 'node:timers/promises';

export interface PoolOptions {
  /** Items under way at once (at least 1). */
  readonly concurrency: number;
  /** Items started per second at most; none (or 0) for as fast as the pool allows. */
  readonly ratePerSecond?: number | undefined;
  /** Once aborted, no item starts; items under way finish (a request sent is not taken back). */
  readonly signal?: AbortSignal | undefined;
}

/**
 * Runs `work` on every item with at most `concurrency` at once and, with a rate, starts spaced
 * 1/rate seconds apart from the first start (so N items at R/s take at least (N-1)/R seconds).
 * Answers the indexes of the items started, in start order: after a cancel they are exactly
 * the ones the caller may have had an effect on, and the rest can be run later without doubles.
 * A `work` that throws fails the pool (callers turn expected failures into results).
 */
export async function runPool<T>(
  items: readonly T[],
  work: (item: T, index: number) => Promise<void>,
  options: PoolOptions,
): Promise<number[]> {
  const started: number[] = [];
  const spacingMs = options.ratePerSecond && options.ratePerSecond > 0 ? 1000 / options.ratePerSecond : 0;
  let next = 0;
  let firstStart: number | null = null;
  const nextSlot = async (): Promise<number | null> => {
    if (next >= items.length || options.signal?.aborted) return null;
    const index = next++;
    if (spacingMs > 0) {
      // The slot is claimed before waiting, so two workers never share one.
      firstStart ??= performance.now();
      const wait = firstStart + index * spacingMs - performance.now();
      if (wait > 0) await delay(wait, undefined, options.signal ? { signal: options.signal } : {}).catch(() => undefined);
      if (options.signal?.aborted) return null;
    }
    started.push(index);
    return index;
  };
  const worker = async () => {
    for (let index = await nextSlot(); index !== null; index = await nextSlot()) {
      await work(items[index] as T, index);
    }
  };
  const workers = Math.max(1, Math.min(Math.floor(options.concurrency), items.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return started;
}
