export { DataTable, type DataTableProps, type DataColumnMeta } from './DataTable';
export { createRowSearch, type FilterMatch, type RowSearch } from './filters';
export { processRows } from './process-rows';
export { tableViewFromParams, type TableView } from './url-params';
export { changeTableView, setUrlColumnFilters, setUrlSorting } from './url-table-view';
