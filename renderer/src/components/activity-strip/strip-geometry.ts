/** Pure geometry of the activity strip: time <-> x, a drag to a whole-slice range. */

export interface TimeRange {
  readonly fromMs: number;
  readonly toMs: number;
}

/** The x (0..width) of a time in the range. */
export const xOf = (ms: number, range: TimeRange, width: number): number =>
  ((ms - range.fromMs) / (range.toMs - range.fromMs)) * width;

/** The time at an x, clamped to the range. */
export function timeAt(x: number, range: TimeRange, width: number): number {
  const f = Math.min(1, Math.max(0, x / width));
  return range.fromMs + f * (range.toMs - range.fromMs);
}

/**
 * The range a drag from x1 to x2 selects, widened to whole slices (a click selects its one
 * slice), in either direction.
 */
export function dragRange(
  x1: number,
  x2: number,
  range: TimeRange,
  width: number,
  bucketMs: number,
): TimeRange {
  const a = timeAt(Math.min(x1, x2), range, width);
  const b = timeAt(Math.max(x1, x2), range, width);
  const slot = (t: number) => Math.floor((t - range.fromMs) / bucketMs);
  const last = Math.ceil((range.toMs - range.fromMs) / bucketMs) - 1;
  return {
    fromMs: range.fromMs + slot(a) * bucketMs,
    toMs: Math.min(range.toMs, range.fromMs + (Math.min(slot(b), last) + 1) * bucketMs),
  };
}

/** `from-to` for the URL, and back (null when absent or malformed). */
export const rangeParam = (r: TimeRange): string => `${Math.round(r.fromMs)}-${Math.round(r.toMs)}`;
export function parseRangeParam(value: string | undefined): TimeRange | null {
  const m = /^(\d+)-(\d+)$/.exec(value ?? '');
  if (!m) return null;
  const fromMs = Number(m[1]);
  const toMs = Number(m[2]);
  return fromMs < toMs ? { fromMs, toMs } : null;
}
