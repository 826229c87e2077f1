import type { BadInput, Flag, FlagKind, OrderDetail, SequenceEvent } from './model';
import { FLAG_KINDS } from './model';
import { duplicateFlags, outOfOrderFlags } from './arrival-flags';
import { byArrival, byCreated, collapseCopies, type CollapsedEvent } from './collapse-copies';
import { readAuthenticationId, readShippingMove } from './event-metadata';
import { deriveOrderStatus } from './order-status';
import type { ParsedDelivery, ParsedEvent, RejectedDelivery } from './parse-delivery';
import { paymentView } from './payment-view';
import { deriveShipping, type ShippingUpdate } from './shipping';
import { deriveThreeDs, THREE_DS_GRACE_MS } from './three-ds';
import { unverifiedFlags } from './trust-flags';

const iso = (ms: number) => new Date(ms).toISOString();

/** A rejected delivery as the bad-input list shows it. */
export function toBadInput(d: RejectedDelivery | ParsedEvent, reason: string): BadInput {
  return { delivery: d.input.ref, orderId: d.orderId, eventId: d.input.eventId, reason, at: iso(d.input.arrivedMs) };
}

/** Where a bad input is the same one again: its event id (or its own delivery) and its reason. */
export function badInputKey(b: BadInput): string {
  return `${b.eventId ?? `${b.delivery.source}:${b.delivery.id}`}|${b.reason}`;
}

/**
 * One bad input per event and reason: a received delivery, its retries and its history copy
 * say the same thing once, by the received delivery when there is one.
 */
function onePerEvent(items: BadInput[]): BadInput[] {
  const kept = new Map<string, BadInput>();
  for (const b of items) {
    const key = badInputKey(b);
    const seen = kept.get(key);
    if (!seen || (seen.delivery.source === 'history' && b.delivery.source === 'live')) kept.set(key, b);
  }
  return [...kept.values()];
}

function toSequenceEvent(e: CollapsedEvent, createdRank: number, arrivalRank: number): SequenceEvent {
  const problems = [...new Set(e.copies.flatMap((c) => c.problems))];
  return {
    key: e.key,
    eventIds: e.eventIds,
    type: e.head.type,
    level: e.head.level,
    description: e.head.description,
    created: e.head.input.created ?? e.copies.find((c) => c.input.created !== null)?.input.created ?? null,
    arrivedAt: iso(e.arrivedMs),
    createdRank,
    arrivalRank,
    copies: e.copyCount,
    duplicateSources: e.sources,
    deliveries: e.deliveries,
    metadata: e.head.metadata,
    problems,
    signature: e.trust,
  };
}

/**
 * Everything Hooklab says about one order, from all its deliveries (received and history,
 * every copy): the timeline in event-created order with arrival ranks, the derived order,
 * shipping and 3-D Secure states, the flags in the order of FLAG_KINDS, and the deliveries that
 * could not join the timeline. Unverified events (a key was configured and they did not verify)
 * are in the timeline but the states, the arrival flags and the payment come from the other
 * events, unless the order has nothing else (then it says so). `nowMs` decides which 3-D Secure successes are old enough to judge.
 * `summaryOnly` leaves out the per-event views and the payment (empty), which a list of 20,000
 * orders never shows: the summary, path, steps and flags are the same.
 */
export function deriveOrder(
  orderId: string,
  deliveries: readonly ParsedDelivery[],
  nowMs: number,
  options: { graceMs?: number; summaryOnly?: boolean } = {},
): OrderDetail {
  const graceMs = options.graceMs ?? THREE_DS_GRACE_MS;
  const parsed = deliveries.filter((d): d is ParsedEvent => d.ok);
  const badInputs = onePerEvent(
    deliveries.flatMap((d) => (d.ok ? d.problems.map((p) => toBadInput(d, `${d.type}: ${p}`)) : [toBadInput(d, d.reason)])),
  );
  const collapsed = collapseCopies(parsed);
  const all = [...collapsed].sort(byCreated);
  const arrivalRank = new Map([...collapsed].sort(byArrival).map((e, i) => [e.key, i + 1]));
  const events = options.summaryOnly ? [] : all.map((e, i) => toSequenceEvent(e, i + 1, arrivalRank.get(e.key)!));
  // What the states rest on: never an unverified event beside vouched-for ones.
  const vouched = collapsed.filter((e) => e.trust !== 'unverified');
  const unverifiedOnly = vouched.length === 0 && collapsed.length > 0;
  const evidence = unverifiedOnly ? collapsed : vouched;
  const created = [...evidence].sort(byCreated);
  const arrival = [...evidence].sort(byArrival);

  const order = deriveOrderStatus(created.map((e) => ({ key: e.key, type: e.head.type })));
  const updates: ShippingUpdate[] = [];
  for (const e of created) {
    if (e.head.type !== 'Updated') continue;
    const { move } = readShippingMove(e.head.metadata);
    if (move) updates.push({ key: e.key, move });
  }
  const shipping = deriveShipping(updates);
  const threeDs = deriveThreeDs(
    created.map((e) => ({
      key: e.key,
      type: e.head.type,
      sortMs: e.sortMs,
      authenticationId: readAuthenticationId(e.head.metadata),
      reason: typeof e.head.metadata?.['reason'] === 'string' ? (e.head.metadata['reason'] as string) : null,
    })),
    nowMs,
    graceMs,
  );
  const flags: Flag[] = [
    ...outOfOrderFlags(arrival),
    ...duplicateFlags(created),
    ...shipping.flags,
    ...order.flags,
    ...threeDs.flags,
    ...unverifiedFlags(collapsed, unverifiedOnly),
  ].sort((a, b) => FLAG_KINDS.indexOf(a.kind) - FLAG_KINDS.indexOf(b.kind));

  const paymentEvent = created.find((e) => e.head.type === 'SuccessPayment');
  // The order's type and reference are facts a forger would like to set (the type filter follows
  // them): read from the vouched-for deliveries, the unverified ones only when nothing else exists.
  const vouchedDeliveries = parsed.filter((p) => p.input.trust !== 'unverified');
  const described = vouchedDeliveries.length > 0 ? vouchedDeliveries : parsed;
  const first = described.find((p) => p.orderType !== null) ?? described[0];
  const lastActivity = Math.max(0, ...deliveries.map((d) => d.input.arrivedMs), ...collapsed.map((e) => e.sortMs));
  const flagKinds = FLAG_KINDS.filter((k) => flags.some((f) => f.kind === k)) as FlagKind[];
  const lastAttempt = threeDs.attempts[threeDs.attempts.length - 1];
  return {
    summary: {
      orderId,
      orderType: first?.orderType ?? null,
      orderReference: described.find((p) => p.orderReference)?.orderReference ?? null,
      status: order.status,
      payment: order.payment,
      shipping: shipping.status,
      threeDs: lastAttempt?.outcome ?? null,
      events: all.length,
      flagKinds,
      flags: flags.length,
      badInputs: badInputs.length,
      lastActivityAt: iso(lastActivity),
      unverifiedOnly,
      verified: collapsed.some((e) => e.trust === 'verified'),
    },
    events,
    orderPath: order.path,
    shippingSteps: shipping.steps,
    threeDsAttempts: threeDs.attempts,
    payment: paymentEvent && !options.summaryOnly ? paymentView(paymentEvent.key, paymentEvent.head.metadata, paymentEvent.sortMs) : null,
    flags,
    badInputs,
    graceMs,
    recheckAt: threeDs.recheckAtMs === null ? null : iso(threeDs.recheckAtMs),
  };
}
