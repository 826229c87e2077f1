import { useCallback, useState } from 'react';

const MIN_WIDTH = 40;

/**
 * Column widths the user dragged, in px by column id, remembered in localStorage when a key is
 * given. Columns not dragged keep their meta width.
 */
export function useColumnWidths(key: string | undefined) {
  const storageKey = key ? `hooklab.columns.${key}` : null;
  const [widths, setWidths] = useState<Record<string, number>>(() => {
    if (!storageKey) return {};
    try {
      const value = JSON.parse(window.localStorage.getItem(storageKey) ?? '{}') as unknown;
      return typeof value === 'object' && value !== null ? (value as Record<string, number>) : {};
    } catch {
      return {};
    }
  });
  const store = useCallback(
    (next: Record<string, number>) => {
      if (storageKey) window.localStorage.setItem(storageKey, JSON.stringify(next));
      return next;
    },
    [storageKey],
  );

  /** Drags the right edge of a header cell: the column's width follows the pointer. */
  const startResize = (id: string, down: React.PointerEvent<HTMLElement>) => {
    const cell = down.currentTarget.parentElement;
    if (!cell) return;
    down.preventDefault();
    down.stopPropagation();
    const handle = down.currentTarget;
    handle.setPointerCapture(down.pointerId);
    const startX = down.clientX;
    const startWidth = cell.getBoundingClientRect().width;
    const move = (e: PointerEvent) => {
      const width = Math.max(MIN_WIDTH, Math.round(startWidth + e.clientX - startX));
      setWidths((old) => store({ ...old, [id]: width }));
    };
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
  };

  return {
    widthOf: (id: string): string | undefined => (widths[id] !== undefined ? `${widths[id]}px` : undefined),
    startResize,
    /** Back to the column's own width (double-click on the edge). */
    reset: (id: string) =>
      setWidths((old) => {
        const { [id]: _dropped, ...rest } = old;
        return store(rest);
      }),
  };
}
