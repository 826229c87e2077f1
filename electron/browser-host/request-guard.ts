import type { IncomingMessage } from 'node:http';
import { constantTimeEqual } from '../../shared/signing';

export const TOKEN_COOKIE = 'hooklab_token';

/** Reads the per-run token from `Authorization: Bearer`, the cookie, or `?token=`. */
export function presentedToken(req: IncomingMessage, url: URL): string | null {
  const auth = req.headers.authorization;
  if (auth?.toLowerCase().startsWith('bearer ')) return auth.slice(7).trim();
  const cookie = parseCookies(req.headers.cookie)[TOKEN_COOKIE];
  if (cookie) return cookie;
  return url.searchParams.get('token');
}

export function tokenMatches(expected: string, presented: string | null): boolean {
  return presented !== null && constantTimeEqual(expected, presented);
}

/**
 * DNS rebinding defence: a page on evil.example resolving to 127.0.0.1 reaches us with its own
 * Host header, so only our exact loopback authority is accepted, in Host and in Origin.
 */
export function hostAllowed(req: IncomingMessage, allowedHosts: ReadonlySet<string>): boolean {
  const host = req.headers.host;
  return host !== undefined && allowedHosts.has(host.toLowerCase());
}

export function originAllowed(req: IncomingMessage, allowedOrigins: ReadonlySet<string>): boolean {
  const origin = req.headers.origin;
  // Non-browser clients (curl, scripts) send no Origin; they still need the token.
  return origin === undefined || allowedOrigins.has(origin.toLowerCase());
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = decodeURIComponent(part.slice(eq + 1).trim());
  }
  return out;
}
