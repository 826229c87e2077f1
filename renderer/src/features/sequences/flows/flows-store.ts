import { slice, useSlice } from '../../../app-state/store-root';
import type { FlowsStore, FlowsState } from './create-flows-store';

/** The flow runner's slice (the Flows panel follows it while shown). */
export const flowsSlice = slice<FlowsStore>('flows');

/** The slice's state, or what `selector` picks of it (re-renders when that changes). */
export function useFlowsStore(): FlowsState;
export function useFlowsStore<T>(selector: (s: FlowsState) => T): T;
export function useFlowsStore<T>(selector?: (s: FlowsState) => T): T | FlowsState {
  return useSlice(flowsSlice).use<unknown>(selector ?? whole) as T;
}

const whole = (s: FlowsState) => s;

/** The slice itself: its actions, and its state outside render (`getState`). */
export function useFlows(): FlowsStore {
  return useSlice(flowsSlice);
}
