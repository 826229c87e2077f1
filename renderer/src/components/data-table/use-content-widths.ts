import { useMemo, useRef, useState, type RefObject } from 'react';
import { useLayoutEffect } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { DataColumnMeta } from './column-meta';
import { accessorOf, columnIdOf } from './process-rows';
import { columnsToHide, contentWidths, keepWidest, type FitColumn, type Measure } from './content-widths';

const textOf = (value: unknown): string =>
  value === null || value === undefined ? '' : String(value);

/** A canvas text measure in the table's own fonts (cells and headers), read once it is mounted. */
function useMeasure(tableRef: RefObject<HTMLElement | null>): Measure {
  const [fonts, setFonts] = useState<{ cell: string; header: string; mono: string }>({
    cell: '13px system-ui',
    header: '600 13px system-ui',
    mono: '12px monospace',
  });
  useLayoutEffect(() => {
    const el = tableRef.current;
    if (!el) return;
    const style = window.getComputedStyle(el);
    const cell = `${style.fontSize} ${style.fontFamily}`;
    const mono = `12px ${style.getPropertyValue('--mono') || 'monospace'}`;
    setFonts((old) => (old.cell === cell && old.mono === mono ? old : { cell, header: `600 ${cell}`, mono }));
  }, [tableRef]);
  return useMemo(() => {
    const context = document.createElement('canvas').getContext('2d');
    const cache = new Map<string, number>();
    return (text, kind) => {
      if (!context) return text.length * 8;
      const key = `${kind}\u0000${text}`;
      let width = cache.get(key);
      if (width === undefined) {
        // Headers are the cell font in semibold, as bold cells are.
        context.font = kind === 'cell' ? fonts.cell : kind === 'mono' ? fonts.mono : fonts.header;
        width = context.measureText(text).width;
        cache.set(key, width);
      }
      return width;
    };
  }, [fonts]);
}

/**
 * The grid track of each column: a dragged width, else the column's fixed `width`, else its
 * content width, with the `grow` column taking the rest (`minmax(content, 1fr)`). Columns in
 * `filtered` are never left out: a filter the user cannot see (a link's `f.eventId`) would hide
 * rows without saying why, and could not be cleared.
 */
export function useContentTemplate<T>(
  tableRef: RefObject<HTMLElement | null>,
  columns: ReadonlyArray<ColumnDef<T, unknown>>,
  rows: readonly T[],
  dragged: (id: string) => string | undefined,
  filtered: ReadonlySet<string>,
): { trackOf: (id: string) => string; hidden: ReadonlySet<string> } {
  const measure = useMeasure(tableRef);
  const available = useWidth(tableRef);
  const fit = useMemo(
    () =>
      columns.map((c): FitColumn<T> & { grow: boolean; fixed?: string; hideOrder?: number } => {
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
          mono: meta?.fitMono === true,
          bold: meta?.fitBold === true,
          min: meta?.minWidth ?? 24,
          sample: meta?.fitSample,
          grow: meta?.grow === true,
          fixed: meta?.width,
          hideOrder: meta?.hideOrder,
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
  const hidden = useMemo(
    () =>
      columnsToHide(
        fit.map((c) => ({
          id: c.id,
          px: pxOf(dragged(c.id) ?? c.fixed) ?? widths.get(c.id) ?? 80,
          hideOrder: filtered.has(c.id) ? undefined : c.hideOrder,
        })),
        available - SCROLLBAR,
      ),
    [fit, widths, available, dragged, filtered],
  );
  const trackOf = (id: string) => {
    const userWidth = dragged(id);
    if (userWidth !== undefined) return userWidth;
    const column = fit.find((c) => c.id === id);
    if (column?.fixed !== undefined) return column.fixed;
    const px = widths.get(id);
    if (px === undefined) return 'minmax(80px, 1fr)';
    return column?.grow ? `minmax(${px}px, 1fr)` : `${px}px`;
  };
  return { trackOf, hidden };
}

/** Room kept for the rows' vertical scrollbar. */
const SCROLLBAR = 16;
const pxOf = (track: string | undefined): number | undefined => (track && /^\d+px$/.test(track) ? Number.parseInt(track, 10) : undefined);

/** The table's own width, followed as the window or a split pane resizes. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(Number.POSITIVE_INFINITY);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
