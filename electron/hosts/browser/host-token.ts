import type { IncomingMessage } from 'node:http';
import { EVENTS_SUBPROTOCOL, tokenFromSubprotocols } from '../../../shared/security/host-token';
import { tokenMatches } from '../../services/net/request-guard';

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

/** A token that can change while the host runs (the data folder's, see services/instance). */
export interface AccessTokenSource {
  current(): string;
  onRotate(listener: () => void): () => void;
}

/** The request target as a URL, or null when it does not parse (a 400, never a 500). */
export function requestUrl(req: IncomingMessage): URL | null {
  try {
    return new URL(req.url ?? '/', 'http://localhost');
  } catch {
    return null;
  }
}
