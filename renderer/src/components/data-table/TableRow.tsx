import { flexRender, type Row } from '@tanstack/react-table';

interface TableRowProps<T> {
  readonly row: Row<T>;
  readonly active: boolean;
  /** The keyboard's row (arrows move it), drawn apart from the open one. */
  readonly cursor: boolean;
  readonly extraClassName: string;
  readonly template: string;
  readonly height: number;
  /** Where the virtualizer puts the row, in pixels from the top. */
  readonly top: number;
  readonly onClick: () => void;
}

/** The full value of a cell for its hover title (cells are cut with an ellipsis). */
function titleOf(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : undefined;
}

/** One row of the visible window, absolutely placed by the virtualizer. */
export function TableRow<T>({
  row,
  active,
  cursor,
  extraClassName,
  template,
  height,
  top,
  onClick,
}: TableRowProps<T>) {
  return (
    <div
      role="row"
      aria-selected={active}
      data-testid="data-row"
      data-row-id={row.id}
      data-cursor={cursor || undefined}
      className={`data-table__row${active ? ' data-table__row--active' : ''}${cursor ? ' data-table__row--cursor' : ''} ${extraClassName}`}
      style={{ gridTemplateColumns: template, height, transform: `translateY(${top}px)` }}
      onClick={onClick}
    >
      {row.getVisibleCells().map((cell) => (
        <div
          key={cell.id}
          className="data-table__td"
          role="gridcell"
          title={titleOf(cell.getValue())}
        >
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </div>
      ))}
    </div>
  );
}
