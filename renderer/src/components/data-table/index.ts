export { DataTable, type DataTableProps, type DataColumnMeta } from './DataTable';
export { matchesFilter, compareValues, createRowSearch, containsText, equalsValue, nullsLast, type FilterMatch } from './filters';
export { processRows } from './process-rows';
