import type { FilterFn, SortingFn } from '@tanstack/react-table';

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

/**
 * Free-text search over whole rows: each row's searchable text is built once (rows are
 * immutable objects) and kept in a WeakMap, so a search over 100k rows is one `includes` each.
 */
export function createRowSearch<T extends object>(toText: (row: T) => string): (rows: readonly T[], query: string) => T[] {
  const cache = new WeakMap<T, string>();
  return (rows, query) => {
    const needle = query.trim().toLowerCase();
    if (needle === '') return rows as T[];
    const out: T[] = [];
    for (const row of rows) {
      let text = cache.get(row);
      if (text === undefined) {
        text = toText(row).toLowerCase();
        cache.set(row, text);
      }
      if (text.includes(needle)) out.push(row);
    }
    return out;
  };
}

/*
 * TanStack-style FilterFn/SortingFn forms of the same rules, for column definitions that
 * declare them. DataTable itself filters and sorts by `meta` (text → contains, choices →
 * equals, nulls last), which gives the same results.
 */

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** Column filter: the cell's text contains the filter text, case-insensitive. */
export function containsText<T>(): FilterFn<T> {
  const fn: FilterFn<T> = (row, columnId, filterValue) => matchesFilter(row.getValue(columnId), filterValue, 'contains');
  fn.autoRemove = isEmpty;
  return fn;
}

/** Column filter for enumerations: the cell equals the chosen value ('' = any). */
export function equalsValue<T>(): FilterFn<T> {
  const fn: FilterFn<T> = (row, columnId, filterValue) => matchesFilter(row.getValue(columnId), filterValue, 'equals');
  fn.autoRemove = isEmpty;
  return fn;
}

/** Sorting: nulls after values, numbers numerically, the rest as text. */
export function nullsLast<T>(): SortingFn<T> {
  return (a, b, columnId) => compareValues(a.getValue(columnId), b.getValue(columnId));
}
