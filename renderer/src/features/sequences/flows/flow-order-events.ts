import type { DeliverySummary } from '../../../../../shared/contract/live';

/** Which order the running flow is about: its events are matched by either key. */
export interface FlowOrder {
  /** The integrator's order id sent in the charge (`orderReference` of its events). */
  readonly reference: string | null;
  /** The service's order id, once an answer named it (`orderId` of its events). */
  readonly orderId: string | null;
}

/**
 * The flow's events with the deliveries of `incoming` that belong to its order (by the service's
 * order id or the integrator's reference) and are not listed yet, in arrival (id) order; the same
 * array when none is new.
 */
export function withOrderEvents(events: readonly DeliverySummary[], incoming: readonly DeliverySummary[], order: FlowOrder): DeliverySummary[] {
  const known = new Set(events.map((e) => e.id));
  const mine = incoming.filter((d) => !known.has(d.id) && belongs(d, order));
  return mine.length === 0 ? (events as DeliverySummary[]) : [...events, ...mine].sort((a, b) => a.id - b.id);
}

function belongs(d: DeliverySummary, order: FlowOrder): boolean {
  return (order.orderId !== null && d.orderId === order.orderId) || (order.reference !== null && d.orderReference === order.reference);
}
