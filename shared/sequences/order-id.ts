/**
 * The order an event belongs to. The spec types orderId as a string (see docs/service.md#webhook-event), but the same order
 * may arrive as a number (`1234`) from other producers: both become the same key. Surrounding
 * spaces are not part of an id. Anything else (missing, empty, an object) is no order id.
 */
export function normaliseOrderId(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}
