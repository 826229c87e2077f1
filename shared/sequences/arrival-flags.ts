import type { Flag } from './model';
import type { CollapsedEvent } from './collapse-copies';
import { pairArrivals } from '../history/pair-arrivals';

const at = (ms: number) => new Date(ms).toISOString();

/**
 * Whether the event first arrived here as a resend: the history copy says which logged delivery
 * that arrival was (pairArrivals), and a resend is a delivery whose id is not its event id. A
 * resend the user asked for arrives late by design, so it says nothing about order.
 */
export function firstArrivedByResend(event: CollapsedEvent): boolean {
  const id = (c: CollapsedEvent['copies'][number]) => c.input.ref.id;
  const logged = event.copies.filter((c) => c.input.ref.source === 'history');
  const received = event.copies.filter((c) => c.input.ref.source === 'live');
  if (logged.length === 0 || received.length === 0) return false;
  const first = received.reduce((a, b) => (b.input.arrivedMs < a.input.arrivedMs || (b.input.arrivedMs === a.input.arrivedMs && id(b) < id(a)) ? b : a));
  const iso = (ms: number) => new Date(ms).toISOString();
  // A history copy's arrival time is when the service logged it.
  const pairs = pairArrivals(
    logged.map((c) => ({ id: id(c), created: iso(c.input.arrivedMs) })),
    [{ id: id(first), receivedAt: iso(first.input.arrivedMs) }],
  );
  const deliveryId = pairs.get(id(first));
  const delivery = logged.find((c) => id(c) === deliveryId);
  return delivery !== undefined && delivery.input.eventId !== null && delivery.input.eventId !== deliveryId;
}

/**
 * out-of-order: an event that arrived after an event of the same order created later (unless it
 * first arrived as a resend, see firstArrivedByResend). Walks
 * the events in arrival order keeping the latest-created one seen so far, so a long order costs
 * O(n). Events without a creation time (unlogged, see docs/service.md#unlogged-deliveries) cannot be judged and are skipped.
 */
export function outOfOrderFlags(inArrivalOrder: readonly CollapsedEvent[]): Flag[] {
  const flags: Flag[] = [];
  let latest: CollapsedEvent | null = null;
  for (const event of inArrivalOrder) {
    if (event.createdMs === null || firstArrivedByResend(event)) continue;
    if (latest && latest.createdMs! > event.createdMs) {
      flags.push({
        kind: 'out-of-order',
        eventKeys: [event.key, latest.key],
        message: `${event.head.type} (created ${at(event.createdMs)}) arrived after ${latest.head.type}, which was created later (${at(latest.createdMs!)}): a handler that applies events as they arrive applied them in the wrong order.`,
      });
    } else {
      latest = event;
    }
  }
  return flags;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** duplicate: one event that arrived (or was sent) more than once, with where the copies came from. */
export function duplicateFlags(events: readonly CollapsedEvent[]): Flag[] {
  return events
    .filter((e) => e.copyCount > 1)
    .map((e) => {
      const parts = [
        e.sources.retry > 0 && plural(e.sources.retry, 'automatic retry', 'automatic retries'),
        e.sources.resend > 0 && plural(e.sources.resend, 'resend', 'resends'),
        e.sources.secondUrl > 0 && plural(e.sources.secondUrl, 'copy for a second URL of the store', 'copies for other URLs of the store'),
      ].filter(Boolean);
      return {
        kind: 'duplicate' as const,
        eventKeys: [e.key],
        message: `${e.head.type} came ${e.copyCount} times (${parts.join(', ')}): a handler must process it once (${
          e.sources.secondUrl > 0 ? 'each URL gets its own event id, so deduplicate by order and content too' : 'deduplicate by event id'
        }).`,
      };
    });
}
