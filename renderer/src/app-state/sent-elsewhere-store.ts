import { slice, useSlice } from './store-root';
import type { SentElsewhereState, SentElsewhereStore } from './create-sent-elsewhere-store';

/** The sent-elsewhere banner's state (followed from the first banner shown). */
export const sentElsewhereSlice = slice<SentElsewhereStore>('sent-elsewhere');

/** The slice's state, or what `selector` picks of it (re-renders when that changes). */
export function useSentElsewhereStore(): SentElsewhereState;
export function useSentElsewhereStore<T>(selector: (s: SentElsewhereState) => T): T;
export function useSentElsewhereStore<T>(selector?: (s: SentElsewhereState) => T): T | SentElsewhereState {
  return useSlice(sentElsewhereSlice).use<unknown>(selector ?? whole) as T;
}

const whole = (s: SentElsewhereState) => s;

export function useSentElsewhere(): SentElsewhereStore {
  return useSlice(sentElsewhereSlice);
}
