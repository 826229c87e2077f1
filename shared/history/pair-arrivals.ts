/** A delivery the service logged for one event (an original or a resend). */
export interface LoggedDelivery {
  readonly id: number;
  /** When the service logged it: just before it sent it (docs/service.md#resend). */
  readonly created: string;
}

/** One arrival of that event at the listener. */
export interface Arrival {
  readonly id: number;
  readonly receivedAt: string;
}

/**
 * How far the service's clock may run ahead of ours: an arrival that precedes every logged
 * delivery by less than this still belongs to the first one logged after it.
 */
export const CLOCK_SKEW_MS = 5_000;
/** An arrival later than this after its delivery was logged is not taken for it (retries take seconds). */
export const MAX_ARRIVAL_LAG_MS = 10 * 60_000;

/**
 * Which logged delivery each arrival of one event is: the latest delivery logged before it
 * arrived. The service logs a delivery, then sends it (a resend too, synchronously), and its
 * automatic retries follow within seconds, so every arrival belongs to the last delivery logged
 * before it, never to an earlier one: the original's arrival is not the resend's. Pairing by
 * position or by "the last arrival" paired original delivery 9 with the arrival of resend 17.
 * Returns arrival id to delivery id; arrivals no delivery accounts for are left out.
 */
export function pairArrivals(deliveries: readonly LoggedDelivery[], arrivals: readonly Arrival[]): Map<number, number> {
  const logged = deliveries
    .map((d) => ({ id: d.id, ms: Date.parse(d.created) }))
    .filter((d) => Number.isFinite(d.ms))
    .sort((a, b) => a.ms - b.ms || a.id - b.id);
  const pairs = new Map<number, number>();
  for (const arrival of arrivals) {
    const at = Date.parse(arrival.receivedAt);
    if (!Number.isFinite(at)) continue;
    let owner: { id: number; ms: number } | undefined;
    for (const d of logged) {
      if (d.ms <= at) owner = d;
      else break;
    }
    // Nothing logged before it: the service's clock runs ahead; the first logged soon after.
    owner ??= logged.find((d) => d.ms - at <= CLOCK_SKEW_MS);
    if (owner && at - owner.ms <= MAX_ARRIVAL_LAG_MS) pairs.set(arrival.id, owner.id);
  }
  return pairs;
}
