import type { IncomingMessage } from 'node:http';
import { constantTimeEqual } from '../../../shared/signing';
import { EVENTS_SUBPROTOCOL, tokenFromSubprotocols } from '../../../shared/security/host-token';

/** The token of `Authorization: Bearer <token>`, the only way a call presents it. */
export function bearerToken(req: IncomingMessage): string | null {
  const auth = req.headers.authorization;
  return auth?.toLowerCase().startsWith('bearer ') ? auth.slice(7).trim() : null;
}

/** The subprotocols a WebSocket upgrade offers (`Sec-WebSocket-Protocol`, comma-separated). */
export function offeredSubprotocols(req: IncomingMessage): string[] {
  const header = req.headers['sec-websocket-protocol'];
  return typeof header === 'string' ? header.split(',').map((p) => p.trim()).filter((p) => p !== '') : [];
}

/** Whether an upgrade offers our events subprotocol with the right token beside it. */
export function upgradeAuthorized(expected: string, req: IncomingMessage): boolean {
  const offered = offeredSubprotocols(req);
  return offered.includes(EVENTS_SUBPROTOCOL) && tokenMatches(expected, tokenFromSubprotocols(offered));
}

export function tokenMatches(expected: string, presented: string | null): boolean {
  return presented !== null && constantTimeEqual(expected, presented);
}
