import type { Flag, ShippingStep } from './model';
import type { ShippingStatus } from '../service/enums';
import type { ShippingMove } from './event-metadata';

/** The one path (see docs/service.md#shipping-status): each `Updated` moves one step along it. */
export const SHIPPING_PATH: readonly ShippingStatus[] = ['PENDING', 'ACCEPTED', 'READY', 'DISPATCHED', 'ON_ITS_WAY', 'DELIVERED'];
/** States the spec names but whose moves it does not show (see docs/service.md#shipping-status): shown, never judged. */
export const UNSPECIFIED_SHIPPING: readonly ShippingStatus[] = ['SCHEDULED', 'REJECTED'];

export type MoveVerdict = ShippingStep['verdict'];

/** Judges a move from one shipping status to another against docs/service.md#shipping-status. */
export function judgeShippingMove(from: ShippingStatus, to: ShippingStatus): MoveVerdict {
  if (UNSPECIFIED_SHIPPING.includes(from) || UNSPECIFIED_SHIPPING.includes(to)) return 'unspecified';
  const step = SHIPPING_PATH.indexOf(to) - SHIPPING_PATH.indexOf(from);
  if (step === 1) return 'ok';
  return step > 1 ? 'skipped' : 'illegal';
}

const arrow = (a: ShippingStatus, b: ShippingStatus) => `${a} → ${b}`;

function sentence(verdict: MoveVerdict, from: ShippingStatus, to: ShippingStatus): string {
  switch (verdict) {
    case 'skipped': {
      const skipped = SHIPPING_PATH.slice(SHIPPING_PATH.indexOf(from) + 1, SHIPPING_PATH.indexOf(to));
      return `Shipping jumped ${arrow(from, to)}, skipping ${skipped.join(', ')}: the shipping status moves one step at a time.`;
    }
    case 'illegal':
      return from === to
        ? `Shipping "moved" from ${from} to itself: the shipping status has no such move.`
        : `Shipping moved backwards, ${arrow(from, to)}: the shipping status only moves forward (${SHIPPING_PATH.join(' → ')}).`;
    case 'unspecified':
      return `Shipping moved ${arrow(from, to)}: the spec leaves moves into and out of SCHEDULED and REJECTED open, so this is shown, not judged.`;
    case 'ok':
      return '';
  }
}

/** One `Updated` event in event-created order. */
export interface ShippingUpdate {
  readonly key: string;
  readonly move: ShippingMove;
}

/**
 * Follows an order's shipping status through its `Updated` events in event-created order. A
 * PreviousStatus that is not the status the order was in is illegal whatever the move; otherwise
 * the move is judged by judgeShippingMove. The status always follows NewStatus, so one wrong
 * event is flagged once, not every event after it.
 */
export function deriveShipping(updates: readonly ShippingUpdate[]): { status: ShippingStatus | null; steps: ShippingStep[]; flags: Flag[] } {
  let status: ShippingStatus = 'PENDING';
  let lastKey: string | null = null;
  const steps: ShippingStep[] = [];
  const flags: Flag[] = [];
  for (const { key, move } of updates) {
    const related = lastKey ? [key, lastKey] : [key];
    let verdict: MoveVerdict;
    if (move.from !== status) {
      verdict = 'illegal';
      flags.push({
        kind: 'illegal-transition',
        eventKeys: related,
        message: `Updated says shipping moved ${arrow(move.from, move.to)}, but the order was ${status}: PreviousStatus must be the status the order was in. An Updated event is missing or wrong.`,
      });
    } else {
      verdict = judgeShippingMove(move.from, move.to);
      if (verdict !== 'ok') {
        const kind = verdict === 'skipped' ? 'skipped-step' : verdict === 'illegal' ? 'illegal-transition' : 'unspecified-transition';
        flags.push({ kind, eventKeys: related, message: sentence(verdict, move.from, move.to) });
      }
    }
    steps.push({ eventKey: key, from: move.from, to: move.to, was: status, etaMinutes: move.etaMinutes, verdict });
    status = move.to;
    lastKey = key;
  }
  return { status: updates.length > 0 ? status : null, steps, flags };
}
