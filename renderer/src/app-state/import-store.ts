import { slice, useSlice } from './store-root';
import type { ImportState, ImportStore } from './create-import-store';

/** This page's import (drop onto the window, Live's Import…): opens the first imported request in Live. */
export const importSlice = slice<ImportStore>('import');

/** The slice's state, or what `selector` picks of it (re-renders when that changes). */
export function useImportStore(): ImportState;
export function useImportStore<T>(selector: (s: ImportState) => T): T;
export function useImportStore<T>(selector?: (s: ImportState) => T): T | ImportState {
  return useSlice(importSlice).use<unknown>(selector ?? whole) as T;
}

const whole = (s: ImportState) => s;

export function useImport(): ImportStore {
  return useSlice(importSlice);
}
