import type { IncomingMessage } from 'node:http';
import { constantTimeEqual } from '../../../shared/signing';

/**
 * The Host and Origin values a server bound to 127.0.0.1:`port` answers to. Loopback servers
 * that a browser can reach (the browser host, the sandbox's control API) accept only these.
 */
export interface LoopbackAuthorities {
  readonly hosts: ReadonlySet<string>;
  readonly origins: ReadonlySet<string>;
}

export function loopbackAuthorities(port: number): LoopbackAuthorities {
  return {
    hosts: new Set([`127.0.0.1:${port}`, `localhost:${port}`]),
    origins: new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]),
  };
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
  // Non-browser clients (curl, scripts) send no Origin; the browser host still wants its token.
  return origin === undefined || allowedOrigins.has(origin.toLowerCase());
}

/** Why a request fails the Host/Origin guard (status and sentence), or null when it passes. */
export function guardRefusal(req: IncomingMessage, allowed: LoopbackAuthorities): { status: number; message: string } | null {
  if (!hostAllowed(req, allowed.hosts)) return { status: 421, message: 'Misdirected request: unknown Host' };
  if (!originAllowed(req, allowed.origins)) return { status: 403, message: 'Forbidden: foreign Origin' };
  return null;
}

/** The token of `Authorization: Bearer <token>`, the only way a call presents it. */
export function bearerToken(req: IncomingMessage): string | null {
  const auth = req.headers.authorization;
  return auth?.toLowerCase().startsWith('bearer ') ? auth.slice(7).trim() : null;
}

/** Whether the presented token is the expected one (compared in constant time). */
export function tokenMatches(expected: string, presented: string | null): boolean {
  return presented !== null && constantTimeEqual(expected, presented);
}
