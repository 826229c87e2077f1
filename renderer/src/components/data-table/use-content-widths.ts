import { useMemo, useRef, useState, type RefObject } from 'react';
import { useLayoutEffect } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { DataColumnMeta } from './column-meta';
import { accessorOf, columnIdOf } from './process-rows';
import { contentWidths, keepWidest, type FitColumn, type Measure } from './content-widths';

const textOf = (value: unknown): string =>
  value === null || value === undefined ? '' : String(value);

/** A canvas text measure in the table's own fonts (cells and headers), read once it is mounted. */
function useMeasure(tableRef: RefObject<HTMLElement | null>): Measure {
  const [fonts, setFonts] = useState<{ cell: string; header: string }>({
    cell: '13px system-ui',
    header: '600 13px system-ui',
  });
  useLayoutEffect(() => {
    const el = tableRef.current;
    if (!el) return;
    const style = window.getComputedStyle(el);
    const cell = `${style.fontSize} ${style.fontFamily}`;
    setFonts((old) => (old.cell === cell ? old : { cell, header: `600 ${cell}` }));
  }, [tableRef]);
  return useMemo(() => {
    const context = document.createElement('canvas').getContext('2d');
    const cache = new Map<string, number>();
    return (text, kind) => {
      if (!context) return text.length * 8;
      const key = `${kind}\u0000${text}`;
      let width = cache.get(key);
      if (width === undefined) {
        context.font = kind === 'cell' ? fonts.cell : fonts.header;
        width = context.measureText(text).width;
        cache.set(key, width);
      }
      return width;
    };
  }, [fonts]);
}

/**
 * The grid track of each column: a dragged width, else the column's fixed `width`, else its
 * content width, with the `grow` column taking the rest (`minmax(content, 1fr)`).
 */
export function useContentTemplate<T>(
  tableRef: RefObject<HTMLElement | null>,
  columns: ReadonlyArray<ColumnDef<T, unknown>>,
  rows: readonly T[],
  dragged: (id: string) => string | undefined,
): (id: string) => string {
  const measure = useMeasure(tableRef);
  const fit = useMemo(
    () =>
      columns.map((c): FitColumn<T> & { grow: boolean; fixed?: string } => {
        const meta = c.meta as DataColumnMeta | undefined;
        const id = columnIdOf(c) ?? '';
        const read = accessorOf(c);
        const show = meta?.fitText;
        return {
          id,
          header: typeof c.header === 'string' ? c.header : '',
          text:
            meta?.width !== undefined || !read
              ? null
              : (row: T) => (show ? show(read(row, 0)) : textOf(read(row, 0))),
          extra: meta?.fitExtra ?? 0,
          min: meta?.minWidth ?? 24,
          grow: meta?.grow === true,
          fixed: meta?.width,
        };
      }),
    [columns],
  );
  const widest = useRef(new Map<string, number>());
  const widths = useMemo(() => {
    widest.current = keepWidest(
      widest.current,
      fit.map((c) => c.id),
      contentWidths(fit, rows, measure),
    );
    return widest.current;
  }, [fit, rows, measure]);
  return (id) => {
    const userWidth = dragged(id);
    if (userWidth !== undefined) return userWidth;
    const column = fit.find((c) => c.id === id);
    if (column?.fixed !== undefined) return column.fixed;
    const px = widths.get(id);
    if (px === undefined) return 'minmax(80px, 1fr)';
    return column?.grow ? `minmax(${px}px, 1fr)` : `${px}px`;
  };
}
