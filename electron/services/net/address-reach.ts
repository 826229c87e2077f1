import { isIP } from 'node:net';
import { isLoopbackAddress, isLoopbackName } from './loopback';
import type { PublicUrlReach } from '../../../shared/net/public-url-words';

/*
 * Who can reach an address, judged from the URL alone: a loopback or private host is never
 * reachable by the service, however well a probe sent from this machine comes back.
 */

/** IPv4 ranges no service on the internet reaches: RFC 1918 private, link-local (RFC 3927), CGNAT (RFC 6598). */
function isLocalNetworkIPv4(a: string): boolean {
  const [x, y] = a.split('.').map(Number) as [number, number];
  return x === 10 || (x === 172 && y >= 16 && y <= 31) || (x === 192 && y === 168) || (x === 169 && y === 254) || (x === 100 && y >= 64 && y <= 127);
}

/** IPv6 unique local (fc00::/7), link-local (fe80::/10), or an IPv4-mapped local address. */
function isLocalNetworkIPv6(a: string): boolean {
  const first = Number.parseInt(a.split(':')[0] || '0', 16);
  if ((first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a)?.[1];
  if (mapped) return isLocalNetworkIPv4(mapped);
  // The URL parser writes ::ffff:10.0.0.1 as ::ffff:a00:1.
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(a);
  if (!hex) return false;
  const high = Number.parseInt(hex[1]!, 16);
  const low = Number.parseInt(hex[2]!, 16);
  return isLocalNetworkIPv4(`${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`);
}

/** 'this-machine' for loopback (127/8, ::1, localhost, *.localhost), 'local-network' for private, link-local and `.local` hosts, else 'public'. */
export function hostReach(hostname: string): PublicUrlReach {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase().replace(/\.$/, '');
  if (isLoopbackName(host) || isLoopbackAddress(host) || host === '0.0.0.0' || host === '::') return 'this-machine';
  if (isIP(host) === 4) return isLocalNetworkIPv4(host) ? 'local-network' : 'public';
  if (isIP(host) === 6) return isLocalNetworkIPv6(host) ? 'local-network' : 'public';
  // mDNS names (RFC 6762) and single-label names only a local resolver answers.
  return host.endsWith('.local') || !host.includes('.') ? 'local-network' : 'public';
}

/** The reach of a URL's host; null when `url` is not a URL. */
export function urlReach(url: string): PublicUrlReach | null {
  try {
    return hostReach(new URL(url).hostname);
  } catch {
    return null;
  }
}
