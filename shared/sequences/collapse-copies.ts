import type { DeliveryRef, DuplicateSources } from './model';
import type { DeliveryTrust } from './delivery-input';
import type { ParsedEvent } from './parse-delivery';

/**
 * A received copy that follows the previous one of the same event id within this time is an
 * automatic retry (docs/service.md#delivery-semantics: "3 times within a few seconds"); later, without history to tell, a resend.
 */
export const RETRY_WINDOW_MS = 60_000;

/** One event of an order with every copy of it collapsed. */
export interface CollapsedEvent {
  readonly key: string;
  readonly eventIds: number[];
  /** The copy whose fields are shown (a received one when there is one). */
  readonly head: ParsedEvent;
  readonly copies: ParsedEvent[];
  readonly createdMs: number | null;
  /** Creation time, or arrival when the delivery was not logged (no event-created header). */
  readonly sortMs: number;
  readonly arrivedMs: number;
  /** Tie-break of equal arrival times: the listener's row id, which follows arrival. */
  readonly arrivalSeq: number;
  readonly copyCount: number;
  readonly sources: DuplicateSources;
  readonly deliveries: DeliveryRef[];
  readonly trust: DeliveryTrust;
}

const live = (p: ParsedEvent) => p.input.ref.source === 'live';

/** `b` arrived before `a` (the listener's row id breaks equal times). */
function arrivedBefore(b: ParsedEvent, a: ParsedEvent): boolean {
  return b.input.arrivedMs < a.input.arrivedMs || (b.input.arrivedMs === a.input.arrivedMs && b.input.ref.id < a.input.ref.id);
}

function byArrivalOfCopies(a: ParsedEvent, b: ParsedEvent): number {
  return a.input.arrivedMs - b.input.arrivedMs || a.input.ref.id - b.input.ref.id;
}

/** Copies of one event id: extras come from retries, resends (history knows) or both. */
function countEventIdCopies(group: ParsedEvent[]): { copies: number; retry: number; resend: number } {
  const received: ParsedEvent[] = [];
  for (const copy of group) if (live(copy)) received.push(copy);
  const logged = group.length - received.length;
  if (received.length === 0) return { copies: logged, retry: 0, resend: Math.max(logged - 1, 0) };
  if (logged > 0) {
    const resend = Math.min(logged - 1, received.length - 1);
    return { copies: received.length, resend, retry: received.length - 1 - resend };
  }
  if (received.length > 1) received.sort(byArrivalOfCopies);
  let retry = 0;
  for (let i = 1; i < received.length; i++)
    if (received[i]!.input.arrivedMs - received[i - 1]!.input.arrivedMs <= RETRY_WINDOW_MS) retry++;
  return { copies: received.length, retry, resend: received.length - 1 - retry };
}

/**
 * One event from its copies (grouped by event id). Plain loops: this runs for every event of
 * every order when the index is first built, so it avoids the intermediate arrays.
 */
function collapse(key: string, groups: ParsedEvent[][]): CollapsedEvent {
  const copies = groups.length === 1 ? groups[0]! : groups.flat();
  const sources: DuplicateSources = { retry: 0, resend: 0, secondUrl: Math.max(groups.length - 1, 0) };
  let copyCount = 0;
  for (const group of groups) {
    const counted = group[0]!.input.eventId === null ? { copies: group.length, retry: group.length - 1, resend: 0 } : countEventIdCopies(group);
    copyCount += counted.copies;
    sources.retry += counted.retry;
    sources.resend += counted.resend;
  }
  let head: ParsedEvent | null = null;
  let firstLive: ParsedEvent | null = null;
  let firstAny = copies[0]!;
  let createdMs: number | null = null;
  const eventIds: number[] = [];
  const deliveries: DeliveryRef[] = [];
  for (const c of copies) {
    if (live(c)) {
      head ??= c;
      if (!firstLive || arrivedBefore(c, firstLive)) firstLive = c;
    }
    if (arrivedBefore(c, firstAny)) firstAny = c;
    const ms = c.input.createdMs;
    if (ms !== null && (createdMs === null || ms < createdMs)) createdMs = ms;
    const id = c.input.eventId;
    if (id !== null && !eventIds.includes(id)) eventIds.push(id);
    deliveries.push(c.input.ref);
  }
  if (eventIds.length > 1) eventIds.sort((a, b) => a - b);
  const trust: DeliveryTrust = copies.some((c) => c.input.trust === 'verified')
    ? 'verified'
    : copies.every((c) => c.input.trust === 'unverified')
      ? 'unverified'
      : 'unchecked';
  // Arrival means at the listener; only an event never received here uses the service's log time.
  const first = firstLive ?? firstAny;
  return {
    key,
    eventIds,
    head: head ?? copies[0]!,
    copies,
    createdMs,
    sortMs: createdMs ?? first.input.arrivedMs,
    arrivedMs: first.input.arrivedMs,
    arrivalSeq: live(first) ? first.input.ref.id : Number.MAX_SAFE_INTEGER,
    copyCount,
    sources,
    deliveries,
    trust,
  };
}

/**
 * Collapses an order's deliveries into events. Copies sharing an event id are one event (the
 * received delivery, its retries, its resends and the history copy); event ids whose bodies and
 * creation times are identical are one event sent to several URLs of the store (see docs/service.md#webhook-registration); deliveries
 * without an event id (unlogged) are one event when their bodies are identical. Unverified
 * deliveries (a key was configured and they did not verify) are collapsed among themselves
 * only: a forged copy never joins, and so never hides or stands for, a verified event.
 */
export function collapseCopies(deliveries: readonly ParsedEvent[]): CollapsedEvent[] {
  const trusted: ParsedEvent[] = [];
  const unverified: ParsedEvent[] = [];
  for (const d of deliveries) (d.input.trust === 'unverified' ? unverified : trusted).push(d);
  return [...collapseOfOneKind(trusted, ''), ...collapseOfOneKind(unverified, 'x')];
}

function collapseOfOneKind(deliveries: readonly ParsedEvent[], keyPrefix: string): CollapsedEvent[] {
  const byEventId = new Map<number, ParsedEvent[]>();
  const unlogged = new Map<string, ParsedEvent[]>();
  for (const d of deliveries) {
    if (d.input.eventId === null) {
      const list = unlogged.get(d.fingerprint);
      if (list) list.push(d);
      else unlogged.set(d.fingerprint, [d]);
    } else {
      const list = byEventId.get(d.input.eventId);
      if (list) list.push(d);
      else byEventId.set(d.input.eventId, [d]);
    }
  }
  const sameEvent = new Map<string, ParsedEvent[][]>();
  for (const [, group] of [...byEventId].sort((a, b) => a[0] - b[0])) {
    const created = group.find((g) => g.input.created !== null)?.input.created ?? '';
    const identity = `${created}\n${group[0]!.fingerprint}`;
    const groups = sameEvent.get(identity);
    if (groups) groups.push(group);
    else sameEvent.set(identity, [group]);
  }
  const events: CollapsedEvent[] = [];
  for (const groups of sameEvent.values()) events.push(collapse(`${keyPrefix}e${groups[0]![0]!.input.eventId}`, groups));
  for (const group of unlogged.values()) {
    const firstId = Math.min(...group.map((g) => g.input.ref.id));
    events.push(collapse(`${keyPrefix}u${group[0]!.input.ref.source === 'live' ? '' : 'h'}${firstId}`, [group]));
  }
  return events;
}

/** Events in event-created order (arrival breaks ties, so unlogged events sit where they arrived). */
export function byCreated(a: CollapsedEvent, b: CollapsedEvent): number {
  return a.sortMs - b.sortMs || a.arrivedMs - b.arrivedMs || a.arrivalSeq - b.arrivalSeq || a.key.localeCompare(b.key);
}

/** Events in arrival order. */
export function byArrival(a: CollapsedEvent, b: CollapsedEvent): number {
  return a.arrivedMs - b.arrivedMs || a.arrivalSeq - b.arrivalSeq || a.sortMs - b.sortMs || a.key.localeCompare(b.key);
}
