import type { CoreContext } from '../../services/kernel/feature';
import type { DeliveryUrls } from '../../../shared/contract/history';
import type { DeliveryUrlRow } from '../../services/data/history-store';
import { isOwnUrl } from '../../../shared/history/delivery-urls';

/**
 * The addresses at which the service reaches this Hooklab: its public URL (tunnel or own URL)
 * and, when the sandbox is the environment, the listener's loopback address (the sandbox
 * delivers there). `publicUrl` is the one to show: the public URL, else the loopback one.
 */
export function ownAddresses(ctx: CoreContext): { publicUrl: string | null; addresses: string[] } {
  const { tunnel, listener } = ctx.status.get();
  const addresses: string[] = [];
  const publicUrl = tunnel.state !== 'disabled' ? tunnel.publicUrl : null;
  if (publicUrl) addresses.push(publicUrl);
  if (ctx.environments.activeInfo().isSandbox && listener.port !== null) {
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
