import { slice, useSlice } from './store-root';
import type { StatusState, StatusStore } from './create-status-store';

/** The host's status (the shell follows it; a status shown marks the page ready). */
export const statusSlice = slice<StatusStore>('status');

/** The slice's state, or what `selector` picks of it (re-renders when that changes). */
export function useStatusStore(): StatusState;
export function useStatusStore<T>(selector: (s: StatusState) => T): T;
export function useStatusStore<T>(selector?: (s: StatusState) => T): T | StatusState {
  return useSlice(statusSlice).use<unknown>(selector ?? whole) as T;
}

const whole = (s: StatusState) => s;
