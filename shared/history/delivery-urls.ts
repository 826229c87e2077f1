/**
 * Where the service sent deliveries, judged against this Hooklab's address. The service
 * compares webhook URLs ignoring surrounding spaces and letter case (interface 4.9); so does
 * this. The listener answers on every path, so a URL counts as this Hooklab's when it is on
 * the same origin and under the address's path.
 */
export function normalizeWebhookUrl(url: string): string {
  return url.trim().toLowerCase();
}

/** Whether the service sending to `url` reaches one of `addresses` (this Hooklab's). */
export function isOwnUrl(url: string, addresses: readonly string[]): boolean {
  const given = parse(url);
  if (!given) return false;
  return addresses.some((address) => {
    const own = parse(address);
    if (!own || own.origin !== given.origin) return false;
    const base = own.pathname.replace(/\/+$/, '');
    return given.pathname === base || given.pathname.startsWith(`${base}/`) || base === '';
  });
}

function parse(url: string): URL | null {
  try {
    return new URL(normalizeWebhookUrl(url));
  } catch {
    return null;
  }
}

/** Why reconciliation could not pair a history delivery with an arrival here. */
export const UNPAIRED_CAUSES = ['other-url', 'failed-at-service', 'listener-refused', 'in-flight', 'answered-by-another', 'unknown'] as const;
export type UnpairedCause = (typeof UNPAIRED_CAUSES)[number];

/**
 * How long after the service logged a 2xx at this Hooklab's address the delivery may still be on
 * its way to the listener's table (clocks apart, a poll racing a commit): only after it does a
 * delivery that never arrived count as answered by another.
 */
export const ANSWERED_BY_ANOTHER_GRACE_MS = 30_000;

/** A history delivery as the causes need it. */
export interface UnpairedDelivery {
  readonly url: string;
  readonly status: number;
  readonly eventId: number;
  /** When the service logged it. */
  readonly created: string;
}

/** What the causes compare a delivery with: this Hooklab's addresses, and what its listener did. */
export interface CauseContext {
  readonly addresses: readonly string[];
  readonly listenerStatuses: ReadonlySet<number>;
  /** Events of which the listener stored any delivery at all (verified or not). */
  readonly storedEventIds: ReadonlySet<number>;
  readonly nowMs: number;
  /**
   * From when the listener's table holds all it stored (Clear and retention delete rows): a
   * delivery logged before it may have been stored and deleted since, so it proves nothing.
   */
  readonly completeSinceMs?: number;
}

/**
 * The service says it sent this delivery to this Hooklab and got a 2xx, over the grace period
 * ago, and the listener stored nothing of its event: something between the service and Hooklab
 * answered in its place (a relay, a proxy, another program on the tunnel's name). The service
 * will not retry it.
 */
export function isAnsweredByAnother(delivery: UnpairedDelivery, context: Omit<CauseContext, 'listenerStatuses'>): boolean {
  const is2xx = delivery.status >= 200 && delivery.status <= 299;
  if (!is2xx || context.storedEventIds.has(delivery.eventId) || !isOwnUrl(delivery.url, context.addresses)) return false;
  const logged = Date.parse(delivery.created);
  if (!Number.isFinite(logged) || logged < (context.completeSinceMs ?? 0)) return false;
  return context.nowMs - logged >= ANSWERED_BY_ANOTHER_GRACE_MS;
}

/**
 * The cause of one unpaired history delivery: still in flight (status 0); sent to a URL that is
 * not this Hooklab's; answered non-2xx with a status the listener gave (it refused); a
 * connection failure or a status the listener never gave (the path between was broken); a 2xx
 * at this Hooklab's address for an event the listener never stored (answered by another); or
 * unknown (no address to compare with, or a 2xx still within the grace period).
 */
export function unpairedCause(delivery: UnpairedDelivery, context: CauseContext): UnpairedCause {
  if (delivery.status === 0) return 'in-flight';
  if (context.addresses.length === 0) return 'unknown';
  if (!isOwnUrl(delivery.url, context.addresses)) return 'other-url';
  const is2xx = delivery.status >= 200 && delivery.status <= 299;
  if (is2xx) return isAnsweredByAnother(delivery, context) ? 'answered-by-another' : 'unknown';
  return context.listenerStatuses.has(delivery.status) ? 'listener-refused' : 'failed-at-service';
}
