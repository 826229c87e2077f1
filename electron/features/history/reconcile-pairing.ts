import { pairArrivals, type Arrival, type LoggedDelivery } from '../../../shared/history/pair-arrivals';

/** What pairing reads of a history delivery (reconciliation.ts's HistoryRef). */
interface Logged extends LoggedDelivery {
  readonly eventId: number;
  readonly delivered: boolean;
  readonly status: number;
}

/** What pairing reads of a received delivery (reconciliation.ts's ReceivedRef). */
interface Arrived extends Arrival {
  readonly bodySha256: string;
}

/** Adds `value` to the list of `key`, starting the list when it is the first. */
export function addTo<K, V>(lists: Map<K, V[]>, key: K, value: V): void {
  const list = lists.get(key);
  if (list) list.push(value);
  else lists.set(key, [value]);
}

/**
 * Orders a group's deliveries by how likely each is to be one that reached us: history says a
 * receiver answered 2xx, then one answered at all (not 0, not 500 = unreachable), then by id.
 */
function arrivalRank(d: Logged): number {
  if (d.delivered) return 0;
  if (d.status !== 0 && d.status !== 500) return 1;
  return 2;
}

/**
 * Pairs history deliveries with arrivals of the same event id: history delivery id to the
 * arrival that stands for it (the last one, whose handler outcome counts).
 */
export function pairByEventId<R extends Arrived>(historyByEvent: ReadonlyMap<number, readonly Logged[]>, receivedByEvent: ReadonlyMap<number, readonly R[]>): Map<number, R> {
  const pairOf = new Map<number, R>();
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
  return pairOf;
}

/**
 * Pairs arrivals without an event id (deliveries the service could not log) with history
 * deliveries not paired yet (`candidates`, their ids), by the sha256 of the payload; the
 * arrivals no payload explains stay unlogged. `payloadHashes` is called only when there are
 * such arrivals.
 */
export function pairByPayload<R extends Arrived>(
  candidates: () => number[],
  withoutEvent: readonly R[],
  payloadHashes: (ids: number[]) => Map<number, string>,
): { byPayload: Map<number, R>; unlogged: R[] } {
  const byPayload = new Map<number, R>();
  const unlogged: R[] = [];
  if (withoutEvent.length === 0) return { byPayload, unlogged };
  const byHash = new Map<string, number[]>();
  for (const [id, hash] of payloadHashes(candidates())) addTo(byHash, hash, id);
  for (const r of withoutEvent) {
    const id = byHash.get(r.bodySha256.toLowerCase())?.shift();
    if (id === undefined) unlogged.push(r);
    else byPayload.set(id, r);
  }
  return { byPayload, unlogged };
}
