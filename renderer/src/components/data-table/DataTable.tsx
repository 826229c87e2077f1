import { useMemo, useRef, useState, type ReactNode } from 'react';
import {
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnFiltersState,
  type OnChangeFn,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { processRows } from './process-rows';
import { useColumnWidths } from './column-widths';
import { useContentTemplate } from './use-content-widths';
import { HeaderCell } from './HeaderCell';
import { rowKeyHandler } from './row-keys';
import { TableRow } from './TableRow';
import './data-table.css';

export type { DataColumnMeta } from './column-meta';

export interface DataTableProps<T> {
  readonly data: readonly T[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's own column type is invariant in its value type
  readonly columns: ReadonlyArray<ColumnDef<T, any>>;
  readonly getRowId: (row: T) => string;
  readonly sorting: SortingState;
  readonly onSortingChange: OnChangeFn<SortingState>;
  readonly columnFilters: ColumnFiltersState;
  readonly onColumnFiltersChange: OnChangeFn<ColumnFiltersState>;
  readonly activeId?: string | null;
  readonly onActivate?: (row: T) => void;
  readonly rowClassName?: (row: T) => string | undefined;
  readonly rowHeight?: number;
  readonly testId?: string;
  /** Shown instead of rows when there are none. */
  readonly empty?: ReactNode;
  /**
   * `data` already filtered and sorted by the caller with processRows (a page that shows the
   * count, "8 of 97", computes it once and in the same render, instead of a render later).
   */
  readonly processed?: readonly T[];
  /** Remember column widths the user dragged under this key (localStorage). */
  readonly columnWidthsKey?: string;
}

/**
 * A generic virtualized table. Filters and sorting run over plain arrays (see processRows), and
 * TanStack Table only ever receives the visible window: building TanStack's row models for
 * 100k rows on every live update froze the UI for ~150 ms each time. Sorting and filter
 * state are controlled by the caller so a page can keep them in its store.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { rowHeight = 28 } = props;
  const columns = props.columns as ReadonlyArray<ColumnDef<T, unknown>>;
  const given = props.processed;
  const processed = useMemo(
    () => given ?? processRows(props.data, columns, props.columnFilters, props.sorting),
    [given, props.data, columns, props.columnFilters, props.sorting],
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  // The keyboard's row: arrows move it, Enter opens it (onActivate). Starts at the open row.
  const [cursorId, setCursorId] = useState<string | null>(null);
  const widths = useColumnWidths(props.columnWidthsKey);
  const filtered = useMemo(() => new Set(props.columnFilters.filter((f) => f.value !== '' && f.value !== undefined).map((f) => f.id)), [props.columnFilters]);
  const { trackOf, hidden } = useContentTemplate(tableRef, columns, processed, widths.widthOf, filtered);
  const columnVisibility = useMemo(() => Object.fromEntries([...hidden].map((id) => [id, false])), [hidden]);
  const virtualizer = useVirtualizer({
    count: processed.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  // Stable unless the window moves: TanStack resets its state (and re-renders) whenever `data`
  // changes identity, so a fresh array per render would loop forever.
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? -1;
  const windowRows = useMemo(() => processed.slice(first, last + 1), [processed, first, last]);
  const table = useReactTable<T>({
    data: windowRows,
    columns: columns as Array<ColumnDef<T, unknown>>,
    getRowId: (row) => props.getRowId(row),
    state: { sorting: props.sorting, columnFilters: props.columnFilters, columnVisibility },
    onSortingChange: props.onSortingChange,
    onColumnFiltersChange: props.onColumnFiltersChange,
    getCoreRowModel: getCoreRowModel(),
    manualFiltering: true,
    manualSorting: true,
    enableSortingRemoval: true,
    enableMultiSort: false,
    autoResetPageIndex: false,
    autoResetExpanded: false,
  });
  const rows = table.getRowModel().rows;
  const template = table
    .getVisibleLeafColumns()
    .map((c) => trackOf(c.id))
    .join(' ');

  const onKeyDown = rowKeyHandler({
    processed,
    getRowId: props.getRowId,
    from: cursorId ?? props.activeId ?? null,
    setCursorId,
    scrollToIndex: (index, options) => virtualizer.scrollToIndex(index, options),
    onActivate: props.onActivate,
  });

  return (
    <div className="data-table" ref={tableRef} data-testid={props.testId} role="grid" aria-rowcount={processed.length}>
      {/* At least as wide as the columns' minimums: a narrow pane scrolls sideways instead of cutting columns off. */}
      <div className="data-table__inner">
        <div className="data-table__head" style={{ gridTemplateColumns: template }} role="row">
          {table
            .getFlatHeaders()
            .filter((header) => header.column.getIsVisible())
            .map((header) => (
              <HeaderCell key={header.id} header={header} widths={widths} />
            ))}
        </div>
        <div
          className="data-table__body"
          ref={scrollRef}
          // A row group only when it holds rows (ARIA wants rows in it; the empty text is not one).
          role={processed.length > 0 ? 'rowgroup' : undefined}
          tabIndex={processed.length > 0 ? 0 : undefined}
          onKeyDown={onKeyDown}
          aria-label={processed.length > 0 ? 'Rows: arrows move, Enter opens' : undefined}
          data-testid={props.testId ? `${props.testId}-body` : undefined}
        >
          {processed.length === 0 && props.empty ? <div className="data-table__empty">{props.empty}</div> : null}
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item, i) => {
              const row = rows[i]!;
              return (
                <TableRow
                  key={row.id}
                  row={row}
                  active={props.activeId === row.id}
                  cursor={cursorId === row.id}
                  extraClassName={props.rowClassName?.(row.original) ?? ''}
                  template={template}
                  height={rowHeight}
                  top={item.start}
                  onClick={() => {
                    setCursorId(row.id);
                    props.onActivate?.(row.original);
                  }}
                />
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
