import { isIP } from 'node:net';

// Loopback addresses and host names: requests to them never leave this machine.

/** True for an IP literal in 127.0.0.0/8, ::1 or an IPv4-mapped loopback (::ffff:127.x.y.z). */
export function isLoopbackAddress(address: string): boolean {
  const a = address.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(a) === 4) return a.startsWith('127.');
  if (isIP(a) === 6) {
    if (a === '::1' || a === '0:0:0:0:0:0:0:1') return true;
    const mapped = /^::ffff:(.+)$/.exec(a)?.[1];
    if (!mapped) return false;
    if (isIP(mapped) === 4) return mapped.startsWith('127.');
    // The URL parser writes ::ffff:127.0.0.1 as ::ffff:7f00:1.
    return /^7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(mapped);
  }
  return false;
}

/**
 * True when the URL's host is loopback: an address of 127.0.0.0/8 or ::1, or a loopback name
 * (which is then only used once it resolves to loopback, see isLoopbackName).
 */
export function isLoopbackHost(hostname: string): boolean {
  return isLoopbackName(hostname) || isLoopbackAddress(hostname);
}

/**
 * `localhost`, `localhost.` and any `*.localhost`: names of this machine (RFC 6761). Hooklab's
 * requests resolve them to loopback themselves (localhost-lookup.ts); where a system resolver is
 * asked instead (the service's API client), a connection goes ahead only when every address it
 * resolves to is loopback.
 */
export function isLoopbackName(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost');
}

/** The message for a loopback name none of whose addresses is loopback. */
export function notLoopbackMessage(hostname: string, addresses: readonly string[]): string {
  return `${hostname} resolves to ${addresses.join(', ') || 'nothing'}, not loopback: refused`;
}
