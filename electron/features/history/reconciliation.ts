import { pairArrivals } from '../../../shared/history/pair-arrivals';
import type { UnpairedCause } from '../../../shared/history/delivery-urls';
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
 * Orders a group's deliveries by how likely each is to be one that reached us: history says a
 * receiver answered 2xx, then one answered at all (not 0, not 500 = unreachable), then by id.
 */
function arrivalRank(d: HistoryRef): number {
  if (d.delivered) return 0;
  if (d.status !== 0 && d.status !== 500) return 1;
  return 2;
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
    else {
      const list = receivedByEvent.get(r.eventId);
      if (list) list.push(r);
      else receivedByEvent.set(r.eventId, [r]);
    }
  }
  const historyByEvent = new Map<number, HistoryRef[]>();
  for (const h of history) {
    const list = historyByEvent.get(h.eventId);
    if (list) list.push(h);
    else historyByEvent.set(h.eventId, [h]);
  }

  const pairOf = new Map<number, ReceivedRef>();
  for (const [eventId, group] of historyByEvent) {
    const all = receivedByEvent.get(eventId);
    if (!all) continue;
    // First by time: each arrival belongs to the delivery logged last before it (its retries
    // too), so a resend's arrival never counts for its original (see pairArrivals).
    const byTime = pairArrivals(group, all);
    for (const r of all) {
      const deliveryId = byTime.get(r.id);
      // The last arrival of a delivery is the one whose handler outcome counts.
      if (deliveryId !== undefined) pairOf.set(deliveryId, r);
    }
    const unpaired = group.filter((h) => !pairOf.has(h.id));
    const arrivals = all.filter((r) => !byTime.has(r.id));
    if (unpaired.length === 0 || arrivals.length === 0) continue;
    // Arrivals the times do not explain (clocks far apart): as many of the remaining deliveries
    // count as received as there were such arrivals, preferring those a receiver answered.
    const ranked = unpaired.length === 1 ? unpaired : [...unpaired].sort((a, b) => arrivalRank(a) - arrivalRank(b) || a.id - b.id);
    const matched = ranked.slice(0, Math.min(ranked.length, arrivals.length)).sort((a, b) => a.id - b.id);
    // Later arrivals of one event are retries or resends: pair in arrival order, the last
    // matched delivery taking the last arrival (the one whose handler outcome counts).
    matched.forEach((h, i) => {
      const r = i === matched.length - 1 ? arrivals[arrivals.length - 1] : arrivals[i];
      if (r) pairOf.set(h.id, r);
    });
  }

  const unmatchedByPayload = new Map<number, ReceivedRef>();
  const stillUnlogged: ReceivedRef[] = [];
  if (withoutEvent.length > 0) {
    const candidates = history.filter((h) => !pairOf.has(h.id)).map((h) => h.id);
    const byHash = new Map<string, number[]>();
    for (const [id, hash] of payloadHashes(candidates)) {
      const list = byHash.get(hash);
      if (list) list.push(id);
      else byHash.set(hash, [id]);
    }
    for (const r of withoutEvent) {
      const ids = byHash.get(r.bodySha256.toLowerCase());
      const id = ids?.shift();
      if (id === undefined) stillUnlogged.push(r);
      else unmatchedByPayload.set(id, r);
    }
  }

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
    else if (!historyByEvent.has(r.eventId)) {
      const list = receivedByEvent.get(r.eventId);
      if (list) list.push(r);
      else receivedByEvent.set(r.eventId, [r]);
    }
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
