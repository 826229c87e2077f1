/**
 * The explainer: "why is this order (or this delivery) not done?" answered from the facts Hooklab
 * keeps, read through the contract (gather.ts) and judged by pure rules (findings.ts, causes.ts).
 */
import { judgeOrder } from './causes';
import {
  gatherDeliveryFacts,
  gatherOrderFacts,
  type ExplainCalls,
  type StateCheck,
} from './gather';
import type { Explanation } from './model';

/** Why `orderId` is where it is; throws what `sequences.get` throws when no delivery names it. */
export async function explainOrder(
  call: ExplainCalls,
  orderId: string,
  check: StateCheck | null,
  now: () => Date,
): Promise<Explanation> {
  const detail = await call('sequences.get', { orderId });
  return judgeOrder(await gatherOrderFacts(call, detail, check), now().toISOString());
}

/**
 * Why one received delivery did not get through: the causes of its order that concern it (its
 * signature, its handler's answer, its place in the sequence), or, for a delivery that names no
 * order, those of the delivery alone.
 */
export async function explainDelivery(
  call: ExplainCalls,
  id: number,
  now: () => Date,
): Promise<Explanation> {
  const { summary } = await call('live.get', { id, bodyBytes: 1 });
  if (summary.orderId !== null) {
    const order = await explainOrder(call, summary.orderId, null, now);
    const causes = order.causes.filter((c) => c.code !== 'ok' && c.deliveryIds.includes(id));
    if (causes.length > 0) return { ...order, ok: false, causes };
  }
  const facts = await gatherDeliveryFacts(call, id);
  const alone = judgeOrder({ ...facts!, orderId: summary.orderId }, now().toISOString());
  return alone;
}
