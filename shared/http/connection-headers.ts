/**
 * Headers about one connection (one hop), not about the message. Whenever Hooklab sends a copy
 * of a recorded request (forwarding, Replay's drafts, exports, the copied cURL, the CLI's
 * senders), it leaves these out and lets the new connection (Node, curl, fetch()) set its own.
 * The one home of this list: the places that differ from it say so where they use it.
 */
export const PER_CONNECTION_HEADERS: ReadonlySet<string> = new Set([
  // Which server this connection reaches: the new request names its own target.
  'host',
  // Framing of this connection's body: recomputed for the bytes actually sent.
  'content-length',
  'transfer-encoding',
  // This hop's options (RFC 9110 7.6.1); the forwarder also drops every header it names.
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'upgrade',
  // Credentials for a proxy on the sender's hop, never for the handler.
  'proxy-authorization',
  // `100-continue` is negotiated per connection; a copied Expect would stall some servers.
  'expect',
]);

/**
 * The framing subset Hooklab writes itself on the wire (Host, Content-Length, Connection,
 * Transfer-Encoding). Replay's editor differs from the list above on purpose: a header the user
 * typed is sent, even an odd one such as `Expect` or `Upgrade` (that may be what they test),
 * except these four, which must match the bytes sent.
 */
const FRAMING_HEADERS: ReadonlySet<string> = new Set(['host', 'content-length', 'connection', 'transfer-encoding']);

/** True for a header of one connection (see PER_CONNECTION_HEADERS), in any letter case. */
export function isPerConnectionHeader(name: string): boolean {
  return PER_CONNECTION_HEADERS.has(name.toLowerCase());
}

/** True for a framing header Hooklab always writes itself, in any letter case. */
export function isFramingHeader(name: string): boolean {
  return FRAMING_HEADERS.has(name.toLowerCase());
}
