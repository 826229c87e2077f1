import type { BadInput } from './model';
import type { DeliveryInput } from './delivery-input';
import { badInputKey, toBadInput } from './derive-order';
import { parseDelivery, type ParsedDelivery } from './parse-delivery';

/** Deliveries split by order, and those that belong to none. */
export interface GroupedDeliveries {
  readonly orders: Map<string, ParsedDelivery[]>;
  readonly unassigned: BadInput[];
  /** Keys (badInputKey) of the unassigned listed: a retry or history copy is not listed again. */
  readonly unassignedKeys?: Set<string>;
}

/**
 * Parses deliveries and groups them by normalised orderId, keeping their order. A delivery with
 * an orderId but an unusable body (unknown type...) stays with its order as a bad input; one
 * without (not JSON, no orderId) is listed apart with the reason. Adds to `into` when given
 * (an index reading new rows); `touched` collects each order added to, `seen` is told of every
 * delivery read, `slim` is as in parseDelivery.
 */
export function groupByOrder(
  deliveries: Iterable<DeliveryInput>,
  into: GroupedDeliveries = { orders: new Map(), unassigned: [], unassignedKeys: new Set() },
  options: { touched?: Set<string>; slim?: boolean; seen?: (parsed: ParsedDelivery) => void } = {},
): GroupedDeliveries {
  const { touched, slim = false, seen } = options;
  for (const input of deliveries) {
    const parsed = parseDelivery(input, slim);
    seen?.(parsed);
    if (parsed.orderId === null) {
      if (!parsed.ok) {
        const bad = toBadInput(parsed, parsed.reason);
        const key = badInputKey(bad);
        if (into.unassignedKeys?.has(key)) continue;
        into.unassignedKeys?.add(key);
        into.unassigned.push(bad);
      }
      continue;
    }
    touched?.add(parsed.orderId);
    const list = into.orders.get(parsed.orderId);
    if (list) list.push(parsed);
    else into.orders.set(parsed.orderId, [parsed]);
  }
  return into;
}
