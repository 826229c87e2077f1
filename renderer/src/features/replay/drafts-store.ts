import { slice, useSlice } from '../../app-state/store-root';
import type { DraftsStore, DraftsState } from './create-drafts-store';

/** The saved drafts, beside the editor's slice. */
export const draftsSlice = slice<DraftsStore>('drafts');

/** The slice's state, or what `selector` picks of it (re-renders when that changes). */
export function useDraftsStore(): DraftsState;
export function useDraftsStore<T>(selector: (s: DraftsState) => T): T;
export function useDraftsStore<T>(selector?: (s: DraftsState) => T): T | DraftsState {
  return useSlice(draftsSlice).use<unknown>(selector ?? whole) as T;
}

const whole = (s: DraftsState) => s;

/** The slice itself: its actions, and its state outside render (`getState`). */
export function useDrafts(): DraftsStore {
  return useSlice(draftsSlice);
}
