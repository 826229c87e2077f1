import { capSummaryField } from '../text/summary-field';

/**
 * The order an event belongs to. The spec types orderId as a string (see docs/service.md#webhook-event), but the same order
 * may arrive as a number (`1234`) from other producers: both become the same key. Surrounding
 * spaces are not part of an id. Anything else (missing, empty, an object) is no order id.
 */
export function normaliseOrderId(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  // An id past the contract's 200 characters is keyed by its capped form: the order can still
  // be opened (sequences.get takes at most 200), and no listing carries megabytes of id.
  return trimmed === '' ? null : capSummaryField(trimmed);
}
