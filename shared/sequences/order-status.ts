import type { DerivedOrderStatus, Flag } from './model';
import { PAYMENT_STATES } from './model';

export type PaymentState = (typeof PAYMENT_STATES)[number];

/** Event types that move the order status (docs/service.md#order-status, plus Deleted). */
const STATUS_OF: Record<string, DerivedOrderStatus> = {
  Created: 'PENDING',
  SuccessPayment: 'PAID',
  Cancelled: 'CANCELLED',
  Finalized: 'FINALIZED',
  Deleted: 'deleted',
};

/**
 * What may still follow a cancellation without being suspicious: deleting the cancelled order,
 * and the reversal (or its failure) of a payment the cancellation gives back.
 */
const ALLOWED_AFTER_CANCELLED = new Set(['Deleted', 'SuccessReverse', 'ReverseError']);

/** One event in event-created order. */
export interface StatusInput {
  readonly key: string;
  readonly type: string;
}

/**
 * Follows the order status through its events in event-created order. The status starts at
 * PENDING (an order exists once any of its events does: card orders have no Created) and stops
 * at Cancelled (Deleted still follows) and at Deleted; anything later is flagged after-final and
 * does not move the status.
 */
export function deriveOrderStatus(events: readonly StatusInput[]): {
  status: DerivedOrderStatus;
  payment: PaymentState;
  path: Array<{ status: DerivedOrderStatus; eventKey: string | null }>;
  flags: Flag[];
} {
  let status: DerivedOrderStatus = 'PENDING';
  let payment: PaymentState = 'none';
  let final: StatusInput | null = null;
  const path: Array<{ status: DerivedOrderStatus; eventKey: string | null }> = [];
  const flags: Flag[] = [];
  for (const event of events) {
    if (final) {
      const allowed = final.type === 'Cancelled' && ALLOWED_AFTER_CANCELLED.has(event.type);
      if (!allowed) {
        flags.push({
          kind: 'after-final',
          eventKeys: [event.key, final.key],
          message: `${event.type} was created after the order was ${final.type === 'Deleted' ? 'deleted' : 'cancelled'} (${final.type}): nothing should happen to an order after that.`,
        });
        continue;
      }
    }
    const next = STATUS_OF[event.type];
    if (next) {
      if (path.length === 0 && next !== 'PENDING') path.push({ status: 'PENDING', eventKey: null });
      path.push({ status: next, eventKey: event.key });
      status = next;
      if (next === 'CANCELLED' || next === 'deleted') final = event;
    }
    if (event.type === 'SuccessPayment') payment = 'paid';
    else if (event.type === 'PaymentError' && payment === 'none') payment = 'payment-error';
    else if (event.type === 'SuccessReverse') payment = 'reversed';
    else if (event.type === 'ReverseError' && payment === 'paid') payment = 'reverse-error';
  }
  if (path.length === 0) path.push({ status: 'PENDING', eventKey: null });
  return { status, payment, path, flags };
}
