import type { ColumnFiltersState, SortingState, Updater } from '@tanstack/react-table';
import { replaceParams } from '../../app-state/url-state';
import { tableViewFromParams, withTableView, type TableView } from './url-params';

/**
 * Applies a change to the table view the current URL holds (an emptied filter is no filter):
 * the URL is the one home of a table's search, column filters and sort.
 */
export function changeTableView(change: (view: TableView) => TableView): void {
  replaceParams((params) => withTableView(params, change(tableViewFromParams(params))));
}

const applied = <T>(updater: Updater<T>, value: T): T => (typeof updater === 'function' ? (updater as (old: T) => T)(value) : updater);

/** DataTable's onSortingChange, writing the sort to the URL. */
export const setUrlSorting = (updater: Updater<SortingState>) => changeTableView((view) => ({ ...view, sorting: applied(updater, view.sorting) }));

/** DataTable's onColumnFiltersChange, writing the column filters to the URL. */
export const setUrlColumnFilters = (updater: Updater<ColumnFiltersState>) =>
  changeTableView((view) => ({ ...view, columnFilters: applied(updater, view.columnFilters) }));
