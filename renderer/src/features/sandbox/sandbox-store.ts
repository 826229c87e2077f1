import { slice, useSlice } from '../../app-state/store-root';
import type { SandboxStore, SandboxState } from './create-sandbox-store';

export type { RunRecord } from './create-sandbox-store';

/** The Sandbox area's slice. */
export const sandboxSlice = slice<SandboxStore>('sandbox');

/** The slice's state, or what `selector` picks of it (re-renders when that changes). */
export function useSandboxStore(): SandboxState;
export function useSandboxStore<T>(selector: (s: SandboxState) => T): T;
export function useSandboxStore<T>(selector?: (s: SandboxState) => T): T | SandboxState {
  return useSlice(sandboxSlice).use<unknown>(selector ?? whole) as T;
}

const whole = (s: SandboxState) => s;

/** The slice itself: its actions, and its state outside render (`getState`). */
export function useSandbox(): SandboxStore {
  return useSlice(sandboxSlice);
}
