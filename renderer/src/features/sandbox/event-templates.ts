import type { Level } from '../../../../shared/service';
import { EVENT_TYPE_INFO, TEMPLATE_EVENT_TYPES, eventTemplate as sharedTemplate, eventTemplateText, isEventType } from '../../../../shared/replay/templates';

/**
 * Event types of the spec (see docs/service.md#event-types) with their level and metadata, to start a custom event from.
 * The templates are Replay's (shared/replay/templates.ts), so both areas start from the same
 * complete events (SuccessPayment with the whole of docs/service.md#successpayment-metadata).
 */
export const EVENT_TYPES: readonly { type: string; level: Level; metadata: Record<string, unknown> | null }[] = TEMPLATE_EVENT_TYPES.map((type) => ({
  type,
  level: EVENT_TYPE_INFO[type].level,
  metadata: sharedTemplate(type).metadata ?? null,
}));

const CUSTOM_ORDER = { orderId: '900001', orderReference: 'custom-1', orderType: 'FASTLINK_CHARGE' };

/** A complete event (docs/service.md#webhook-event) of the given type, as editable JSON (an unknown type gets no metadata). */
export function eventTemplate(type: string): string {
  if (isEventType(type)) return eventTemplateText(type, CUSTOM_ORDER);
  return JSON.stringify({ ...CUSTOM_ORDER, description: `Custom ${type} event sent from Hooklab`, level: 'Info', type, metadata: null }, null, 2);
}
