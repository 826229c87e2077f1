import { slice, useSlice } from '../../app-state/store-root';
import type { LiveStore, LiveState } from './create-live-store';

/** The Live area's slice (followed from the Live page's first visit on). */
export const liveSlice = slice<LiveStore>('live');

/** The slice's state, or what `selector` picks of it (re-renders when that changes). */
export function useLiveStore(): LiveState;
export function useLiveStore<T>(selector: (s: LiveState) => T): T;
export function useLiveStore<T>(selector?: (s: LiveState) => T): T | LiveState {
  return useSlice(liveSlice).use<unknown>(selector ?? whole) as T;
}

const whole = (s: LiveState) => s;

/** The slice itself: its actions, and its state outside render (`getState`). */
export function useLive(): LiveStore {
  return useSlice(liveSlice);
}
