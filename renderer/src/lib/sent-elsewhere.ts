import type { SentElsewhere } from '../../../shared/contract/history';

/** Where the portal's webhook URL is set (interface 6.1). */
const PORTAL_SETTING = 'Settings → Developer options → Webhook';

const hhmm = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hour12: false });

/**
 * The banner's sentence for one URL the service sent to instead of this Hooklab: how many,
 * since when, where, where it should have gone, and what to do.
 */
export function sentElsewhereText(group: SentElsewhere['groups'][number], publicUrl: string | null): string {
  const n = `${group.deliveries} ${group.deliveries === 1 ? 'delivery' : 'deliveries'}`;
  if (group.cause === 'answered-by-another') {
    return `The service sent ${n} since ${hhmm(group.since)} to ${group.url} and got 2xx, but they never reached this Hooklab: something between the service and Hooklab answered in its place, and the service will not retry them. Find what answers at that URL (a relay, a proxy, another program on the tunnel's name), then resend them.`;
  }
  const ours = publicUrl ? `not to your public URL ${publicUrl}` : 'not to this Hooklab (it has no public URL now)';
  return `The service sent ${n} since ${hhmm(group.since)} to ${group.url}, ${ours}: set it in the merchant portal (${PORTAL_SETTING}), then resend them.`;
}
