import { slice, useSlice } from './store-root';
import type { PendingState, PendingStore } from './create-pending-store';

/** The pending count (the shell follows it; the window title says it). */
export const pendingSlice = slice<PendingStore>('pending');

/** The slice's state, or what `selector` picks of it (re-renders when that changes). */
export function usePendingStore(): PendingState;
export function usePendingStore<T>(selector: (s: PendingState) => T): T;
export function usePendingStore<T>(selector?: (s: PendingState) => T): T | PendingState {
  return useSlice(pendingSlice).use<unknown>(selector ?? whole) as T;
}

const whole = (s: PendingState) => s;
