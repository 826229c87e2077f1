import { slice, useSlice } from '../../app-state/store-root';
import type { SequencesStore, SequencesState } from './create-sequences-store';

export { MAX_LISTED } from './create-sequences-store';

/** The Sequences area's slice. */
export const sequencesSlice = slice<SequencesStore>('sequences');

/** The slice's state, or what `selector` picks of it (re-renders when that changes). */
export function useSequencesStore(): SequencesState;
export function useSequencesStore<T>(selector: (s: SequencesState) => T): T;
export function useSequencesStore<T>(selector?: (s: SequencesState) => T): T | SequencesState {
  return useSlice(sequencesSlice).use<unknown>(selector ?? whole) as T;
}

const whole = (s: SequencesState) => s;

/** The slice itself: its actions, and its state outside render (`getState`). */
export function useSequences(): SequencesStore {
  return useSlice(sequencesSlice);
}
