/**
 * How the browser host's access token (one per data folder) travels, shared by the host and the page. It is never a
 * cookie: cookies are not isolated by port, so every other server on 127.0.0.1 would receive it.
 * The page gets it once in the URL fragment (never sent to any server), keeps it in
 * sessionStorage, and presents it as `Authorization: Bearer` on calls and as a WebSocket
 * subprotocol on the event socket (browsers cannot set headers on a WebSocket).
 */

/** The subprotocol the host selects; the token rides beside it and is never echoed back. */
export const EVENTS_SUBPROTOCOL = 'hooklab.events';

/**
 * Close code of the event socket when the token it was opened with was rotated away: the page
 * then shows "no access" instead of reconnecting with a token that can no longer work.
 */
export const TOKEN_ROTATED_CLOSE_CODE = 4401;

const TOKEN_SUBPROTOCOL_PREFIX = 'hooklab.token.';

/** The subprotocols a client offers for the event socket. */
export function eventSubprotocols(token: string): string[] {
  return [EVENTS_SUBPROTOCOL, `${TOKEN_SUBPROTOCOL_PREFIX}${token}`];
}

/** The token among the subprotocols a client offered (`Sec-WebSocket-Protocol`), or null. */
export function tokenFromSubprotocols(offered: readonly string[]): string | null {
  const carrier = offered.find((p) => p.startsWith(TOKEN_SUBPROTOCOL_PREFIX));
  return carrier ? carrier.slice(TOKEN_SUBPROTOCOL_PREFIX.length) : null;
}

/** The URL to open the app with: the token in the fragment, then an optional hash route. */
export function tokenOpenUrl(origin: string, token: string, route = ''): string {
  return `${origin}/#token=${token}${route ? `&${route.replace(/^#/, '')}` : ''}`;
}

/**
 * Splits a location hash that may start with `#token=<t>` into the token and the hash route
 * that follows it (`&/live/42` or `#/live/42`, so appending a route to the open URL works too).
 */
export function splitTokenFragment(hash: string): { token: string | null; route: string } {
  const match = /^#token=([A-Za-z0-9_-]+)(?:[&#](.*))?$/.exec(hash);
  if (!match) return { token: null, route: hash };
  const rest = match[2] ?? '';
  return { token: match[1]!, route: rest ? `#${rest}` : '' };
}
