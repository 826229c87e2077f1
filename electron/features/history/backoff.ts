/**
 * Delay before retry number `failures` (1-based): exponential from `baseMs`, capped at `maxMs`,
 * with "equal jitter" (half fixed, half random) so many clients do not retry in lockstep yet
 * never retry immediately.
 */
export function backoffDelay(failures: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const exp = Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(exp / 2 + random() * (exp / 2));
}
