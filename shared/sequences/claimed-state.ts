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
