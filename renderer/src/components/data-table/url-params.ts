import type { ColumnFiltersState, SortingState } from '@tanstack/react-table';

/** What a table's user chose: the free-text search, the column filters and the sort. */
export interface TableView {
  readonly query: string;
  readonly columnFilters: ColumnFiltersState;
  readonly sorting: SortingState;
}

/**
 * A table view as URL params: `q` the search, `f.<column>` each column filter, `sort` the
 * column with `-` for descending. Only strings, so a link or a saved filter carries it whole.
 */
export function tableViewToParams(view: TableView): Record<string, string> {
  const params: Record<string, string> = {};
  if (view.query !== '') params.q = view.query;
  for (const f of view.columnFilters) if (f.value !== undefined && f.value !== '') params[`f.${f.id}`] = String(f.value);
  const sort = view.sorting[0];
  if (sort) params.sort = `${sort.desc ? '-' : ''}${sort.id}`;
  return params;
}

/** The table view the params describe (the inverse of tableViewToParams). */
export function tableViewFromParams(params: Readonly<Record<string, string>>): TableView {
  const columnFilters: ColumnFiltersState = Object.entries(params)
    .filter(([k, v]) => k.startsWith('f.') && v !== '')
    .map(([k, v]) => ({ id: k.slice(2), value: v }));
  const sort = params.sort;
  const sorting: SortingState = sort ? [{ id: sort.replace(/^-/, ''), desc: sort.startsWith('-') }] : [];
  return { query: params.q ?? '', columnFilters, sorting };
}

/** `params` with its table view replaced by `view` (other params, such as a time range, kept). */
export function withTableView(params: Readonly<Record<string, string>>, view: TableView): Record<string, string> {
  const rest = Object.fromEntries(Object.entries(params).filter(([k]) => k !== 'q' && k !== 'sort' && !k.startsWith('f.')));
  return { ...rest, ...tableViewToParams(view) };
}
