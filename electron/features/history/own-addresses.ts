import type { HistoryDeps } from './deps';
import type { DeliveryUrls, SentElsewhere } from '../../../shared/contract/history';
import type { HistoryRefRow } from '../../services/data/history-store';
import type { DeliveryUrlRow } from '../../services/data/delivery-url-reads';
import { isAnsweredByAnother, isOwnUrl } from '../../../shared/history/delivery-urls';

/**
 * The addresses at which the service reaches this Hooklab: its public URL (tunnel or own URL)
 * and, when the sandbox is the environment, the listener's loopback address (the sandbox
 * delivers there). `publicUrl` is the one to show: the public URL, else the loopback one.
 */
export function ownAddresses(ctx: { readonly runtime: Pick<HistoryDeps['runtime'], 'status'>; readonly config: Pick<HistoryDeps['config'], 'environments'> }): { publicUrl: string | null; addresses: string[] } {
  const { tunnel, listener } = ctx.runtime.status.get();
  const addresses: string[] = [];
  const publicUrl = tunnel.state !== 'disabled' ? tunnel.publicUrl : null;
  if (publicUrl) addresses.push(publicUrl);
  if (ctx.config.environments.activeInfo().isSandbox && listener.port !== null) {
    addresses.push(`http://127.0.0.1:${listener.port}/`, `http://localhost:${listener.port}/`);
  }
  return { publicUrl: publicUrl ?? addresses[0] ?? null, addresses };
}

/** history.deliveryUrls: the copy's URLs, each marked as this Hooklab's or not. */
export function deliveryUrlsView(rows: readonly DeliveryUrlRow[], own: { publicUrl: string | null; addresses: string[] }): DeliveryUrls {
  return {
    publicUrl: own.publicUrl,
    urls: rows.map((r) => ({ ...r, failed: r.deliveries - r.delivered, current: isOwnUrl(r.url, own.addresses) })),
  };
}

/** What the listener stored, to tell what never arrived: events verified here, and events of which anything arrived. */
export interface Arrivals {
  readonly arrived: ReadonlySet<number>;
  readonly stored: ReadonlySet<number>;
  readonly nowMs: number;
  /** receivedCompleteSinceMs: deliveries logged before it are not judged answered by another. */
  readonly completeSinceMs: number;
}

/**
 * history.sentElsewhere: deliveries whose events never arrived here, grouped by URL as logged,
 * oldest first: those sent to URLs that are not this Hooklab's, and those sent to this
 * Hooklab's with a 2xx that something else answered (isAnsweredByAnother).
 */
export function sentElsewhereView(history: readonly HistoryRefRow[], arrivals: Arrivals, own: { publicUrl: string | null; addresses: string[] }): SentElsewhere {
  // With no address to compare with, nothing can be said to have gone elsewhere.
  if (own.addresses.length === 0) return { publicUrl: own.publicUrl, groups: [] };
  type Cause = SentElsewhere['groups'][number]['cause'];
  const groups = new Map<string, { cause: Cause; url: string; deliveries: number; since: string; eventIds: Set<number> }>();
  const context = { addresses: own.addresses, storedEventIds: arrivals.stored, nowMs: arrivals.nowMs, completeSinceMs: arrivals.completeSinceMs };
  for (const h of history) {
    const cause: Cause | null = isOwnUrl(h.url, own.addresses)
      ? isAnsweredByAnother(h, context) ? 'answered-by-another' : null
      : arrivals.arrived.has(h.eventId) ? null : 'other-url';
    if (cause === null) continue;
    const key = `${cause} ${h.url}`;
    const g = groups.get(key) ?? { cause, url: h.url, deliveries: 0, since: h.created, eventIds: new Set<number>() };
    g.deliveries++;
    g.eventIds.add(h.eventId);
    groups.set(key, g);
  }
  return { publicUrl: own.publicUrl, groups: [...groups.values()].map((g) => ({ ...g, eventIds: [...g.eventIds] })) };
}
