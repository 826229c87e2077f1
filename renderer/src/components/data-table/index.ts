export { DataTable, type DataTableProps, type DataColumnMeta } from './DataTable';
export { containsText, equalsValue, nullsLast, createRowSearch } from './filters';
