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
export const UNPAIRED_CAUSES = ['other-url', 'failed-at-service', 'listener-refused', 'in-flight', 'unknown'] as const;
export type UnpairedCause = (typeof UNPAIRED_CAUSES)[number];

/**
 * The cause of one unpaired history delivery: still in flight (status 0); sent to a URL that is
 * not this Hooklab's; answered non-2xx with a status the listener gave (it refused); a
 * connection failure or a status the listener never gave (the path between was broken); or
 * unknown (no address to compare with, or a 2xx that never arrived here).
 */
export function unpairedCause(
  delivery: { readonly url: string; readonly status: number },
  context: { readonly addresses: readonly string[]; readonly listenerStatuses: ReadonlySet<number> },
): UnpairedCause {
  if (delivery.status === 0) return 'in-flight';
  if (context.addresses.length === 0) return 'unknown';
  if (!isOwnUrl(delivery.url, context.addresses)) return 'other-url';
  const is2xx = delivery.status >= 200 && delivery.status <= 299;
  if (is2xx) return 'unknown';
  return context.listenerStatuses.has(delivery.status) ? 'listener-refused' : 'failed-at-service';
}
