/**
 * Filter and sort helpers for DataTable, written for 100k rows: text is lower-cased once per
 * value and cached, never on every keystroke, and work happens on plain arrays (TanStack only
 * ever sees the visible window).
 */

const lowered = new Map<string, string>();

function lower(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : String(value);
  let cached = lowered.get(text);
  if (cached === undefined) {
    cached = text.toLowerCase();
    if (lowered.size > 200_000) lowered.clear();
    lowered.set(text, cached);
  }
  return cached;
}

export type FilterMatch = 'contains' | 'equals';

/** One column filter: `contains` (case-insensitive text) or `equals`; an empty filter matches all. */
export function matchesFilter(value: unknown, filter: unknown, match: FilterMatch): boolean {
  if (filter === undefined || filter === null || filter === '') return true;
  if (match === 'equals') return String(value ?? '') === String(filter);
  return lower(value).includes(lower(filter));
}

/** Ascending order with nulls after values, numbers numerically, the rest as text. */
export function compareValues(x: unknown, y: unknown): number {
  if (x === y) return 0;
  if (x === null || x === undefined) return 1;
  if (y === null || y === undefined) return -1;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return String(x) < String(y) ? -1 : 1;
}

/** A free-text search over rows; see createRowSearch. */
export interface RowSearch<T> {
  (rows: readonly T[], query: string): T[];
  /**
   * Builds the text of rows not seen yet while the page is idle, so the first search after a
   * large load is as quick as the next ones. `done` resolves true when every row is ready,
   * false when cancelled (new rows arrived: prepare those instead).
   */
  prepare(rows: readonly T[]): { cancel(): void; done: Promise<boolean> };
}

/** requestIdleCallback where there is one (browsers), else a short timeout (tests in Node). */
interface IdleScheduler {
  requestIdleCallback?: (run: (deadline: { timeRemaining(): number }) => void) => number;
  cancelIdleCallback?: (handle: number) => void;
}

function whenIdle(run: (timeLeft: () => number) => void): () => void {
  // Read off globalThis: this module is also typechecked and tested without the DOM's types.
  const scheduler = globalThis as IdleScheduler;
  if (scheduler.requestIdleCallback && scheduler.cancelIdleCallback) {
    const handle = scheduler.requestIdleCallback((deadline) => run(() => deadline.timeRemaining()));
    return () => scheduler.cancelIdleCallback!(handle);
  }
  const handle = setTimeout(() => {
    const until = performance.now() + 10;
    run(() => until - performance.now());
  }, 0);
  return () => clearTimeout(handle);
}

/**
 * Free-text search over whole rows: each row's searchable text is built once (rows are
 * immutable objects) and kept in a WeakMap, so a search over 100k rows is one `includes` each.
 */
export function createRowSearch<T extends object>(toText: (row: T) => string): RowSearch<T> {
  const cache = new WeakMap<T, string>();
  const textOf = (row: T) => {
    let text = cache.get(row);
    if (text === undefined) {
      text = toText(row).toLowerCase();
      cache.set(row, text);
    }
    return text;
  };
  const search = (rows: readonly T[], query: string): T[] => {
    const needle = query.trim().toLowerCase();
    if (needle === '') return rows as T[];
    const out: T[] = [];
    for (const row of rows) {
      if (textOf(row).includes(needle)) out.push(row);
    }
    return out;
  };
  const prepare = (rows: readonly T[]) => {
    let next = 0;
    let cancelIdle: () => void = () => {};
    let settle: (complete: boolean) => void = () => {};
    const done = new Promise<boolean>((resolve) => (settle = resolve));
    const slice = (timeLeft: () => number) => {
      // Rows already prepared cost one WeakMap lookup; check the clock every 500 rows.
      while (next < rows.length) {
        const stop = Math.min(rows.length, next + 500);
        for (; next < stop; next++) textOf(rows[next]!);
        if (timeLeft() <= 1) break;
      }
      if (next < rows.length) cancelIdle = whenIdle(slice);
      else settle(true);
    };
    cancelIdle = whenIdle(slice);
    return {
      cancel() {
        cancelIdle();
        settle(false);
      },
      done,
    };
  };
  return Object.assign(search, { prepare });
}
