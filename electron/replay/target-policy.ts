import { isIP } from 'node:net';

/**
 * Where replays may go. Loopback (127.0.0.0/8, ::1, localhost) works at once; any other host
 * needs the user's explicit opt-in for that target, because a replay carries a body signed
 * with a real key to a machine that is not this one. Decided from the URL alone, before any
 * connection is opened.
 */

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

/** True when the URL's host is loopback: an address of 127.0.0.0/8 or ::1, or `localhost`. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || isLoopbackAddress(h);
}

export interface TargetVerdict {
  readonly url: string;
  readonly loopback: boolean;
  readonly allowed: boolean;
  readonly needsOptIn: boolean;
  /** Why it is refused, the question to ask before opting in, or what is allowed. */
  readonly message: string;
}

/** The parsed URL of an http(s) target, or an error message for the user. */
export function parseTarget(raw: string): URL | string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `"${raw}" is not a URL (write it as http://127.0.0.1:3000/webhooks)`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${url.protocol} is not supported: use an http:// or https:// URL`;
  if (url.username || url.password) return 'a target URL cannot carry a user name or password';
  return url;
}

/** Whether replays may go to `raw`, given whether the user opted in to this very target. */
export function targetVerdict(raw: string, optedIn: boolean): TargetVerdict {
  const url = parseTarget(raw);
  if (typeof url === 'string') return { url: raw, loopback: false, allowed: false, needsOptIn: false, message: url };
  const loopback = isLoopbackHost(url.hostname);
  if (loopback) return { url: url.href, loopback, allowed: true, needsOptIn: false, message: 'loopback: replays stay on this machine' };
  if (optedIn) return { url: url.href, loopback, allowed: true, needsOptIn: false, message: `${url.host} is not on this machine; you opted in` };
  return {
    url: url.href,
    loopback,
    allowed: false,
    needsOptIn: true,
    message:
      `${url.host} is not on this machine: a replay sends a body signed with your webhook key there. ` +
      'Add it as a Replay target, opting in with the reason (for example, your staging handler).',
  };
}
