import type { OrderSummary } from './model';

/**
 * An order's status as it may be said: an order whose only evidence is unverified deliveries
 * has no known state, only what an unknown sender claims ("unverified: PAID claimed"). The
 * list, the detail, the diagram and MCP all say it through here, so none of them shows a
 * claimed state as a verified one.
 */
export function orderStateText(summary: Pick<OrderSummary, 'status' | 'unverifiedOnly'>): string {
  return summary.unverifiedOnly ? `unverified: ${summary.status} claimed` : summary.status;
}

/**
 * A state derived beside the status (payment, shipping, 3-D Secure) as it may be said: marked
 * "(unverified)" when only unverified deliveries support the order ("paid (unverified)"), so it
 * never reads as plain beside the "unverified" status.
 */
export function derivedStateText(state: string, summary: Pick<OrderSummary, 'unverifiedOnly'>): string {
  return summary.unverifiedOnly ? `${state} (unverified)` : state;
}
