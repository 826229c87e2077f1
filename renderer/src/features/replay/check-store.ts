import { slice, useSlice } from '../../app-state/store-root';
import type { CheckStore, CheckState } from './create-check-store';

/** The handler check's slice. */
export const checkSlice = slice<CheckStore>('check');

/** The slice's state, or what `selector` picks of it (re-renders when that changes). */
export function useCheckStore(): CheckState;
export function useCheckStore<T>(selector: (s: CheckState) => T): T;
export function useCheckStore<T>(selector?: (s: CheckState) => T): T | CheckState {
  return useSlice(checkSlice).use<unknown>(selector ?? whole) as T;
}

const whole = (s: CheckState) => s;

/** The slice itself: its actions, and its state outside render (`getState`). */
export function useCheck(): CheckStore {
  return useSlice(checkSlice);
}
