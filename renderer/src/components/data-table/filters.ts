import type { FilterFn, Row, SortingFn } from '@tanstack/react-table';

/**
 * Filter and sort helpers for DataTable, written for 100k rows: text is lower-cased once per
 * value and cached, never on every keystroke.
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

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** Column filter: the cell's text contains the filter text, case-insensitive. */
export function containsText<T>(): FilterFn<T> {
  const fn: FilterFn<T> = (row, columnId, filterValue) => {
    const needle = lower(filterValue);
    return needle === '' || lower(row.getValue(columnId)).includes(needle);
  };
  fn.autoRemove = isEmpty;
  return fn;
}

/** Column filter for enumerations: the cell equals the chosen value ('' = any). */
export function equalsValue<T>(): FilterFn<T> {
  const fn: FilterFn<T> = (row, columnId, filterValue) =>
    isEmpty(filterValue) || String(row.getValue(columnId) ?? '') === String(filterValue);
  fn.autoRemove = isEmpty;
  return fn;
}

/** Sorts nulls after values (ascending; TanStack reverses it for descending), numbers numerically, the rest as text. */
export function nullsLast<T>(): SortingFn<T> {
  return (a: Row<T>, b: Row<T>, columnId: string) => {
    const x = a.getValue(columnId);
    const y = b.getValue(columnId);
    if (x === y) return 0;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x) < String(y) ? -1 : 1;
  };
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
