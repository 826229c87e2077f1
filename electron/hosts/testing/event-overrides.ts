import { EVENT_TYPES, WebhookEventSchema, type EventType, type WebhookEvent } from '../../../shared/service';
import { eventTemplate, isEventType } from '../../../shared/replay/templates';
import type { EventOverrides } from './api';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `base` with `patch` laid over it: objects merge key by key, arrays and scalars replace. */
export function mergeOverrides(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const current = out[key];
    out[key] = isPlainObject(current) && isPlainObject(value) ? mergeOverrides(current, value) : value;
  }
  return out;
}

/**
 * The event `trigger` sends: the template of the type (the same one Replay and the handler check
 * use) for the overrides' orderId, then the overrides merged in, checked against 2.8.
 */
export function buildEvent(eventType: string, overrides: EventOverrides = {}): WebhookEvent {
  if (!isEventType(eventType)) {
    throw new Error(`unknown event type "${eventType}"; known types: ${EVENT_TYPES.join(', ')}`);
  }
  if ('type' in overrides) throw new Error('overrides cannot change "type": pass the event type as the first argument');
  const template = eventTemplate(eventType as EventType, {
    orderId: overrides.orderId ?? '900001',
    orderReference: overrides.orderReference === undefined ? 'test-1' : overrides.orderReference,
    orderType: overrides.orderType ?? 'FASTLINK_CHARGE',
  });
  const merged = mergeOverrides(template as Record<string, unknown>, overrides as Record<string, unknown>);
  const parsed = WebhookEventSchema.safeParse(merged);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'event'}: ${i.message}`).join('; ');
    throw new Error(`the overrides do not make an event object: ${issues}`);
  }
  // The merged object, not the parsed one: zod would drop fields the user added on purpose.
  return merged as WebhookEvent;
}
