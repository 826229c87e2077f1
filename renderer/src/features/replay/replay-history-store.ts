import { slice, useSlice } from '../../app-state/store-root';
import type { ReplayHistoryStore, ReplayHistoryState } from './create-replay-history-store';

export type { ReplayDiff } from './create-replay-history-store';

/** The replay history's slice (followed from the Replay page's first visit on). */
export const replayHistorySlice = slice<ReplayHistoryStore>('replay-history');

/** The slice's state, or what `selector` picks of it (re-renders when that changes). */
export function useReplayHistoryStore(): ReplayHistoryState;
export function useReplayHistoryStore<T>(selector: (s: ReplayHistoryState) => T): T;
export function useReplayHistoryStore<T>(selector?: (s: ReplayHistoryState) => T): T | ReplayHistoryState {
  return useSlice(replayHistorySlice).use<unknown>(selector ?? whole) as T;
}

const whole = (s: ReplayHistoryState) => s;

/** The slice itself: its actions, and its state outside render (`getState`). */
export function useReplayHistory(): ReplayHistoryStore {
  return useSlice(replayHistorySlice);
}
