import type { EventType, WebhookEvent } from '../../../shared/service';
import { eventTemplate, TEMPLATE_ORDER } from '../../../shared/replay/templates';

/**
 * The events the handler check sends. Bodies are compact JSON, as the service writes them, so
 * a handler that verifies a re-serialised body still passes the checks that are not about it.
 */

const compact = (e: WebhookEvent) => JSON.stringify(e);

/** A valid event of a type, compact. */
export function checkEvent(type: EventType, orderId: string): string {
  return compact(eventTemplate(type, { ...TEMPLATE_ORDER, orderId, orderReference: `check-${orderId}` }));
}

/** The same event pretty-printed (for the re-serialised-body check). */
export function prettyCheckEvent(type: EventType, orderId: string): string {
  return JSON.stringify(JSON.parse(checkEvent(type, orderId)), null, 2);
}

/** An event whose `type` is not one of docs/service.md#event-types (the service adds types; handlers must acknowledge them). */
export const UNKNOWN_EVENT_TYPE = 'HooklabCheckUnknownType';
export function unknownTypeEvent(orderId: string): string {
  return compact({ ...eventTemplate('Created', { ...TEMPLATE_ORDER, orderId }), type: UNKNOWN_EVENT_TYPE, description: 'Evento de un tipo nuevo' });
}

/** One order's shipping Updated events, in the order they happened. */
export function shippingUpdates(orderId: string): string[] {
  const base = eventTemplate('Updated', { ...TEMPLATE_ORDER, orderId });
  const steps: Array<[string, string, string | null]> = [
    ['PENDING', 'ACCEPTED', '25'],
    ['ACCEPTED', 'READY', null],
    ['READY', 'DISPATCHED', null],
  ];
  return steps.map(([from, to, eta]) =>
    compact({
      ...base,
      description: `El estado de envío cambió de ${from} a ${to}`,
      metadata: { PreviousStatus: from, NewStatus: to, ...(eta ? { PreparationEtaMinutes: eta } : {}) },
    }),
  );
}

/** A SuccessPayment of at least `minBytes` (1 MiB by default): a large order, item after item. */
export function largeEvent(orderId: string, minBytes = 1024 * 1024): string {
  const event = eventTemplate('SuccessPayment', { ...TEMPLATE_ORDER, orderId });
  const metadata = event.metadata as { orderDetail: Array<Record<string, unknown>> };
  const [item] = metadata.orderDetail;
  const one = compact(event).length;
  const itemBytes = JSON.stringify(item).length + 1;
  const count = Math.max(1, Math.ceil((minBytes - one) / itemBytes) + 1);
  metadata.orderDetail = Array.from({ length: count }, (_, i) => ({ ...item, orderItemId: `${orderId}-${i + 1}`, note: `Artículo ${i + 1} de un pedido grande` }));
  return compact(event);
}
