import { flexRender, type Header } from '@tanstack/react-table';
import type { DataColumnMeta } from './column-meta';
import type { useColumnWidths } from './column-widths';

interface HeaderCellProps<T> {
  readonly header: Header<T, unknown>;
  readonly widths: ReturnType<typeof useColumnWidths>;
}

/** One column's head: its resize handle, its sort button and its filter, if it has one. */
export function HeaderCell<T>({ header, widths }: HeaderCellProps<T>) {
  const meta = header.column.columnDef.meta as DataColumnMeta | undefined;
  const sorted = header.column.getIsSorted();
  return (
    <div
      className="data-table__th"
      role="columnheader"
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
    >
      <div
        className="data-table__resize"
        role="separator"
        aria-label={`Resize column ${header.id}`}
        onPointerDown={(e) => widths.startResize(header.id, e)}
        onDoubleClick={() => widths.reset(header.id)}
        data-testid={`resize-${header.id}`}
      />
      {/* A column without a header (checkboxes, row actions) has nothing to sort by or name. */}
      {header.column.columnDef.header === '' ? null : (
        <button
          type="button"
          className="data-table__sort"
          disabled={!header.column.getCanSort()}
          onClick={header.column.getToggleSortingHandler()}
          title={
            typeof header.column.columnDef.header === 'string'
              ? header.column.columnDef.header
              : undefined
          }
          data-testid={`sort-${header.id}`}
        >
          {flexRender(header.column.columnDef.header, header.getContext())}
          {sorted ? (sorted === 'asc' ? ' ▲' : ' ▼') : ''}
        </button>
      )}
      {meta?.filter === 'text' && (
        <input
          className="data-table__filter"
          placeholder="filter"
          aria-label={`Filter ${header.id}`}
          data-testid={`filter-${header.id}`}
          value={(header.column.getFilterValue() as string | undefined) ?? ''}
          onChange={(e) => header.column.setFilterValue(e.target.value)}
        />
      )}
      {meta?.filter && typeof meta.filter === 'object' && (
        <select
          className="data-table__filter"
          aria-label={`Filter ${header.id}`}
          data-testid={`filter-${header.id}`}
          value={(header.column.getFilterValue() as string | undefined) ?? ''}
          onChange={(e) => header.column.setFilterValue(e.target.value)}
        >
          <option value="">any</option>
          {meta.filter.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}
