import type { DeliveryInput, DeliveryTrust } from '../../../../../shared/sequences';

const T0 = Date.parse('2026-11-23T10:00:00.000Z');

/** Seconds after a fixed start, as epoch ms. */
export const at = (seconds: number) => T0 + seconds * 1000;

let nextId = 1;

/** An event body (see docs/service.md#webhook-event) of order `orderId`. */
export function body(type: string, metadata: Record<string, unknown> | null = null, orderId: unknown = 'ord-1'): string {
  return JSON.stringify({ orderId, orderReference: 'ref-1', orderType: 'FASTLINK_CHARGE', description: type, level: 'Info', type, metadata });
}

/**
 * A stored delivery: received live by default, created at `created` seconds and arriving at
 * `arrived` seconds (default: when created). Event ids default to a fresh one.
 */
export function delivery(
  text: string | Uint8Array,
  options: { created?: number | null; arrived?: number; eventId?: number | null; source?: 'live' | 'history'; id?: number; trust?: DeliveryTrust } = {},
): DeliveryInput {
  const id = options.id ?? nextId++;
  const created = options.created === undefined ? 0 : options.created;
  const createdMs = created === null ? null : at(created);
  return {
    ref: { source: options.source ?? 'live', id },
    eventId: options.eventId === undefined ? 1000 + id : options.eventId,
    created: createdMs === null ? null : new Date(createdMs).toISOString(),
    createdMs,
    arrivedMs: options.arrived !== undefined ? at(options.arrived) : (createdMs ?? at(0)),
    body: text,
    ...(options.trust ? { trust: options.trust } : {}),
  };
}

/** An Updated event's metadata. */
export const move = (PreviousStatus: string, NewStatus: string, extra: Record<string, unknown> = {}) => ({ PreviousStatus, NewStatus, ...extra });
