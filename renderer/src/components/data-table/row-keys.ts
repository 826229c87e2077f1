import type { KeyboardEvent } from 'react';

interface RowKeysDeps<T> {
  readonly processed: readonly T[];
  readonly getRowId: (row: T) => string;
  /** Where the keyboard's row is now: the cursor, else the open row, else none. */
  readonly from: string | null;
  readonly setCursorId: (id: string) => void;
  readonly scrollToIndex: (index: number, options?: { align: 'auto' }) => void;
  readonly onActivate?: (row: T) => void;
}

/**
 * The table body's keys: arrows and Page Up/Down move the keyboard's row, Home/End jump to the
 * ends, Enter opens the row under it.
 */
export function rowKeyHandler<T>(deps: RowKeysDeps<T>) {
  const { processed, getRowId, from, setCursorId, scrollToIndex, onActivate } = deps;
  return (e: KeyboardEvent<HTMLDivElement>) => {
    if (processed.length === 0) return;
    const index = from === null ? -1 : processed.findIndex((r) => getRowId(r) === from);
    const step = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 }[e.key];
    if (step !== undefined) {
      e.preventDefault();
      const next = Math.min(processed.length - 1, Math.max(0, index < 0 ? 0 : index + step));
      setCursorId(getRowId(processed[next]!));
      scrollToIndex(next, { align: 'auto' });
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      const next = e.key === 'Home' ? 0 : processed.length - 1;
      setCursorId(getRowId(processed[next]!));
      scrollToIndex(next);
    } else if (e.key === 'Enter' && index >= 0) {
      e.preventDefault();
      onActivate?.(processed[index]!);
    }
  };
}
