import { randomBytes } from 'node:crypto';
import type { TunnelSettings } from '../../../../shared/settings';

/** Where the portal's webhook URL is set (interface 4.9), for the notices that ask to change it. */
export const PORTAL_WEBHOOK_SETTING = 'Settings → Developer options → Webhook';

/** A random subdomain for a data folder: asked for on every connect, so the URL stays. */
export function newAutoSubdomain(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return `hooklab-${[...randomBytes(10)].map((b) => letters[b % letters.length]).join('')}`;
}

/** The localtunnel servers to use, in order: the list when set, else the one host. */
export function tunnelHosts(settings: Pick<TunnelSettings, 'host' | 'hosts'>): string[] {
  return settings.hosts.length > 0 ? [...settings.hosts] : [settings.host];
}

/** The loud line when the tunnel server did not grant the subdomain asked for. */
export function grantedOtherNotice(wanted: string, url: string, previousUrl: string | null): string {
  const was = previousUrl && previousUrl !== url ? ` (it was ${previousUrl})` : '';
  return `The tunnel server gave the address ${url} instead of ${wanted}${was}: set ${url} as the webhook URL in the merchant portal (${PORTAL_WEBHOOK_SETTING}), or wait and reconnect to get ${wanted} back.`;
}

/** The loud line when the tunnel moved to the next server after failed probes. */
export function failoverNotice(host: string, cause: string): string {
  return `Two probes in a row failed (${cause}); the tunnel moved to the next server ${host}. Its public URL is new: set it as the webhook URL in the merchant portal (${PORTAL_WEBHOOK_SETTING}).`;
}
