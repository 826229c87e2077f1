import { CallError, type CallEnvelope, type ContractCall } from '../../shared/contract';
import { explainDelivery, explainOrder } from '../../shared/explain/explain';
import type { ExplainCalls } from '../../shared/explain/gather';
import type { Clock } from '../services/platform/clock';
import type { Feature } from '../services/kernel/feature';

/** Runs a call of the core through its one validating entry, throwing its error back as a CallError. */
export type CoreInvoke = (name: string, args: unknown) => Promise<CallEnvelope<unknown>>;

function callThrough(invoke: CoreInvoke): ContractCall {
  return (async (name: string, args: unknown) => {
    const envelope = await invoke(name, args);
    if (!envelope.ok) throw new CallError(envelope.error.code, envelope.error.message);
    return envelope.value;
  }) as ContractCall;
}

/**
 * explain.order and explain.delivery: the explainer reads what Sequences, Live, History, Tracing
 * and Flows already answer, through the core's own calls (a feature never imports another), and
 * judges it with the pure rules of shared/explain. A part not running here (a test's subset of
 * features) is said in the answer, not an error.
 */
export function createExplainFeature(invoke: CoreInvoke, clock: Clock): Feature {
  const call: ExplainCalls = callThrough(invoke);
  const now = () => new Date(clock.now());
  return {
    name: 'explain',
    handlers: {
      'explain.order': async ({ orderId, stateUrl, statePath }) =>
        explainOrder(
          call,
          String(orderId),
          stateUrl ? { url: stateUrl, path: statePath ?? null } : null,
          now,
        ),
      'explain.delivery': async ({ id }) => explainDelivery(call, id, now),
    },
  };
}
