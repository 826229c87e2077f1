/**
 * Signing primitives (see docs/service.md#webhook-signature), kept free of Node and DOM imports so that main, the
 * sandbox and tests share one implementation. The HMAC itself is injected (Node's crypto in
 * main, Web Crypto elsewhere): pure-JS SHA-256 would cost the listener its ingest budget.
 */
export type HmacSha256 = (key: Uint8Array, data: Uint8Array) => Uint8Array;

const utf8 = new TextEncoder();
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard Base64 (with padding) of bytes. */
export function base64Encode(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += B64[(n >> 18) & 63]! + B64[(n >> 12) & 63]! + B64[(n >> 6) & 63]! + B64[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += B64[(n >> 18) & 63]! + B64[(n >> 12) & 63]! + '==';
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += B64[(n >> 18) & 63]! + B64[(n >> 12) & 63]! + B64[(n >> 6) & 63]! + '=';
  }
  return out;
}

/** Lower-case hex of bytes (used to recognise hex-encoded signatures). */
export function hexEncode(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/**
 * Compares two strings in time that depends only on their lengths, never on where they first
 * differ, so a forger cannot find the signature byte by byte.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const len = Math.max(a.length, b.length);
  let diff = a.length ^ b.length;
  for (let i = 0; i < len; i++) {
    diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  }
  return diff === 0;
}

/** Raw HMAC-SHA256 bytes of a body under a key given as text (the portal's secret key). */
export function hmacBytes(hmac: HmacSha256, key: string, body: Uint8Array): Uint8Array {
  return hmac(utf8.encode(key), body);
}

/** The X-Svc-Hmac-Sha256 value for a raw body: Base64 HMAC-SHA256 keyed with the store's key. */
export function signBody(hmac: HmacSha256, key: string, body: Uint8Array | string): string {
  const bytes = typeof body === 'string' ? utf8.encode(body) : body;
  return base64Encode(hmacBytes(hmac, key, bytes));
}
