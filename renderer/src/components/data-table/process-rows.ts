import type { ColumnDef, ColumnFiltersState, SortingState } from '@tanstack/react-table';
import { compareValues, matchesFilter, type FilterMatch } from './filters';
import type { DataColumnMeta } from './column-meta';

type Accessor<T> = (row: T, index: number) => unknown;

/** The id TanStack gives a column: its `id`, else its accessor key. */
export function columnIdOf<T>(column: ColumnDef<T, unknown>): string | undefined {
  if (column.id) return column.id;
  const key = (column as { accessorKey?: unknown }).accessorKey;
  return typeof key === 'string' ? key : undefined;
}

export function accessorOf<T>(column: ColumnDef<T, unknown>): Accessor<T> | undefined {
  const fn = (column as { accessorFn?: Accessor<T> }).accessorFn;
  if (fn) return fn;
  const key = (column as { accessorKey?: unknown }).accessorKey;
  return typeof key === 'string' ? (row) => (row as Record<string, unknown>)[key] : undefined;
}

/**
 * Column filters then sorting over the whole data set, on plain arrays. Returns `data` itself
 * when nothing filters or sorts, so appending live rows costs nothing here.
 */
export function processRows<T>(
  data: readonly T[],
  columns: ReadonlyArray<ColumnDef<T, unknown>>,
  filters: ColumnFiltersState,
  sorting: SortingState,
): readonly T[] {
  const byId = new Map(columns.map((c) => [columnIdOf(c), c] as const));
  const active = filters
    .map((f) => {
      const column = byId.get(f.id);
      const accessor = column && accessorOf(column);
      const meta = column?.meta as DataColumnMeta | undefined;
      const match: FilterMatch =
        meta?.match ?? (meta?.filter && typeof meta.filter === 'object' ? 'equals' : 'contains');
      return accessor ? { accessor, value: f.value, match } : null;
    })
    .filter(
      (f): f is NonNullable<typeof f> => f !== null && f.value !== '' && f.value !== undefined,
    );
  let rows =
    active.length === 0
      ? data
      : data.filter((row, i) =>
          active.every((f) => matchesFilter(f.accessor(row, i), f.value, f.match)),
        );
  const sort = sorting[0];
  const sortColumn = sort && byId.get(sort.id);
  const sortAccessor = sortColumn && accessorOf(sortColumn);
  if (sort && sortAccessor) {
    const keyed = rows.map((row, i) => ({ row, key: sortAccessor(row, i) }));
    keyed.sort((a, b) => (sort.desc ? -1 : 1) * compareValues(a.key, b.key));
    rows = keyed.map((k) => k.row);
  }
  return rows;
}
