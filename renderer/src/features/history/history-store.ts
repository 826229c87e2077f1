import { slice, useSlice } from '../../app-state/store-root';
import type { HistoryStore, HistoryState } from './create-history-store';

export { EVENTS_PAGE, openTab, tabOfRoute, type DiffRequest, type HistoryTab } from './create-history-store';

/** The History area's slice (its resends run as jobs of the jobs slice). */
export const historySlice = slice<HistoryStore>('history');

/** The slice's state, or what `selector` picks of it (re-renders when that changes). */
export function useHistoryStore(): HistoryState;
export function useHistoryStore<T>(selector: (s: HistoryState) => T): T;
export function useHistoryStore<T>(selector?: (s: HistoryState) => T): T | HistoryState {
  return useSlice(historySlice).use<unknown>(selector ?? whole) as T;
}

const whole = (s: HistoryState) => s;

/** The slice itself: its actions, and its state outside render (`getState`). */
export function useHistory(): HistoryStore {
  return useSlice(historySlice);
}
