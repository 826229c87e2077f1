import type { UnpairedCause } from '../../../shared/history/delivery-urls';
import { addTo, pairByEventId, pairByPayload } from './reconcile-pairing';
/** One history delivery, as reconciliation needs it. */
export interface HistoryRef {
  readonly id: number;
  readonly eventId: number;
  readonly delivered: boolean;
  readonly status: number;
  readonly created: string;
  /** Where the service sent it (the portal's URL at the time). */
  readonly url?: string;
}

/** One delivery the listener received. `handlerFailed` is null when it was not forwarded. */
export interface ReceivedRef {
  readonly id: number;
  readonly eventId: number | null;
  readonly receivedAt: string;
  readonly bodySha256: string;
  readonly handlerFailed: boolean | null;
  /** A key was configured and it did not verify: it never stands for a history delivery. */
  readonly unverified?: boolean;
}

/** A received delivery verified by another environment's key: not this environment's traffic. */
export interface LeftOutRef {
  readonly id: number;
  readonly eventId: number | null;
  readonly keyId: string;
}

/** Per key: how many received deliveries were left out, and how many history deliveries they explain. */
export interface LeftOutGroup {
  readonly keyId: string;
  readonly deliveries: number;
  readonly historyDeliveries: number;
}

/**
 * Sets aside the history deliveries whose event arrived here verified by another environment's
 * key (an environment pointing at the same store as another, such as a pseudo-live one at the
 * sandbox): they did arrive, so they are neither lost nor worth resending. Returns the rest of
 * the history and, per key, what was left out, for the explanation.
 */
export function setAsideLeftOut(history: readonly HistoryRef[], leftOut: readonly LeftOutRef[]): { history: HistoryRef[]; groups: LeftOutGroup[] } {
  const keyOfEvent = new Map<number, string>();
  const groups = new Map<string, { deliveries: number; historyDeliveries: number }>();
  for (const r of leftOut) {
    if (r.eventId !== null) keyOfEvent.set(r.eventId, r.keyId);
    const g = groups.get(r.keyId) ?? { deliveries: 0, historyDeliveries: 0 };
    g.deliveries++;
    groups.set(r.keyId, g);
  }
  const kept: HistoryRef[] = [];
  for (const h of history) {
    const keyId = keyOfEvent.get(h.eventId);
    if (keyId === undefined) kept.push(h);
    else groups.get(keyId)!.historyDeliveries++;
  }
  return { history: kept, groups: [...groups].map(([keyId, g]) => ({ keyId, ...g })) };
}

export type ReconcileCategory = 'received' | 'lost' | 'handler-failed' | 'refused-by-handler' | 'unlogged' | 'not-in-history';

export interface ReconcileItem {
  readonly category: ReconcileCategory;
  readonly historyId: number | null;
  readonly eventId: number | null;
  readonly receivedId: number | null;
  readonly matchedBy: 'event-id' | 'payload' | null;
  /** When history logged it, or when it arrived here for rows history lacks. */
  readonly at: string;
  /** Why a history delivery was not paired with an arrival here (lost ones only). */
  readonly cause: UnpairedCause | null;
}

/** A run of consecutive history deliveries none of which arrived here. */
export interface MissedWindow {
  readonly fromId: number;
  readonly toId: number;
  readonly from: string;
  readonly to: string;
  readonly deliveries: number;
  /** Events of the window that never arrived here by any delivery: what to resend. */
  readonly eventIds: number[];
}

export interface Reconciliation {
  readonly counts: Record<ReconcileCategory, number>;
  readonly items: ReconcileItem[];
  readonly windows: MissedWindow[];
}

/**
 * Matches history to what the listener received. History deliveries and received rows are
 * grouped by event id; within an event, as many history deliveries count as received as there
 * were arrivals (automatic retries of one delivery arrive several times but are logged once),
 * preferring those history says a receiver answered. Received rows without an event id
 * (deliveries the service could not log) are matched to unmatched history deliveries by payload
 * hash; the rest are unlogged. `payloadHashes` gives sha256 hex of history payloads by id and is
 * called only when such rows exist. An unverified received row (a key was configured and it did
 * not verify) never matches: anyone can send an event id, so it cannot say a delivery arrived;
 * it is still listed when history has nothing for it (unlogged, not in history).
 */
export function reconcile(
  history: readonly HistoryRef[],
  received: readonly ReceivedRef[],
  payloadHashes: (ids: number[]) => Map<number, string>,
  causeOf: (delivery: HistoryRef) => UnpairedCause = () => 'unknown',
): Reconciliation {
  const receivedByEvent = new Map<number, ReceivedRef[]>();
  const withoutEvent: ReceivedRef[] = [];
  const unverified: ReceivedRef[] = [];
  for (const r of received) {
    if (r.unverified) unverified.push(r);
    else if (r.eventId === null) withoutEvent.push(r);
    else addTo(receivedByEvent, r.eventId, r);
  }
  const historyByEvent = new Map<number, HistoryRef[]>();
  for (const h of history) addTo(historyByEvent, h.eventId, h);

  const pairOf = pairByEventId(historyByEvent, receivedByEvent);
  const { byPayload: unmatchedByPayload, unlogged: stillUnlogged } = pairByPayload(
    () => history.filter((h) => !pairOf.has(h.id)).map((h) => h.id),
    withoutEvent,
    payloadHashes,
  );

  const counts: Record<ReconcileCategory, number> = {
    received: 0,
    lost: 0,
    'handler-failed': 0,
    'refused-by-handler': 0,
    unlogged: 0,
    'not-in-history': 0,
  };
  const items: ReconcileItem[] = [];
  const windows: MissedWindow[] = [];
  let open: { first: HistoryRef; last: HistoryRef; n: number; events: Set<number> } | null = null;
  const close = () => {
    if (!open) return;
    const eventIds = [...open.events].filter((e) => !receivedByEvent.has(e));
    windows.push({ fromId: open.first.id, toId: open.last.id, from: open.first.created, to: open.last.created, deliveries: open.n, eventIds });
    open = null;
  };

  for (const h of history) {
    const byEvent = pairOf.get(h.id);
    const r = byEvent ?? unmatchedByPayload.get(h.id);
    let category: ReconcileCategory;
    if (!r) category = 'lost';
    else if (r.handlerFailed === true) {
      // Received here either way; the service logged 2xx (the listener answered itself) or the
      // handler's refusal passed through (pass-through answers what the handler answered).
      category = h.delivered ? 'handler-failed' : 'refused-by-handler';
    } else category = 'received';
    counts[category]++;
    items.push({
      category,
      historyId: h.id,
      eventId: h.eventId,
      receivedId: r?.id ?? null,
      matchedBy: r ? (byEvent ? 'event-id' : 'payload') : null,
      at: h.created,
      cause: category === 'lost' ? causeOf(h) : null,
    });
    if (category === 'lost') {
      if (open) {
        open.last = h;
        open.n++;
        open.events.add(h.eventId);
      } else open = { first: h, last: h, n: 1, events: new Set([h.eventId]) };
    } else close();
  }
  close();

  for (const r of unverified) {
    if (r.eventId === null) stillUnlogged.push(r);
    else if (!historyByEvent.has(r.eventId)) addTo(receivedByEvent, r.eventId, r);
  }
  for (const r of stillUnlogged) {
    counts.unlogged++;
    items.push({ category: 'unlogged', historyId: null, eventId: null, receivedId: r.id, matchedBy: null, at: r.receivedAt, cause: null });
  }
  for (const [eventId, arrivals] of receivedByEvent) {
    if (historyByEvent.has(eventId)) continue;
    for (const r of arrivals) {
      counts['not-in-history']++;
      items.push({ category: 'not-in-history', historyId: null, eventId, receivedId: r.id, matchedBy: null, at: r.receivedAt, cause: null });
    }
  }
  return { counts, items, windows };
}
