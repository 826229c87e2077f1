/** How a received body compares with the payload history says was sent. */
export type BodyVerdict = 'identical' | 'whitespace-only' | 'differs';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function isJsonWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

/** Drops whitespace outside JSON strings, byte by byte (strings keep their exact bytes). */
export function stripInsignificantWhitespace(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  let length = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    if (inString) {
      out[length++] = byte;
      if (byte === BACKSLASH && i + 1 < bytes.length) out[length++] = bytes[++i] as number;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
      out[length++] = byte;
    } else if (!isJsonWhitespace(byte)) out[length++] = byte;
  }
  return out.subarray(0, length);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Byte-exact verdict first: a signature is computed over exact bytes, so "identical" is the
 * only answer that guarantees the same HMAC; whitespace-only differences break it too.
 */
export function compareBodies(a: Uint8Array, b: Uint8Array): BodyVerdict {
  if (sameBytes(a, b)) return 'identical';
  return sameBytes(stripInsignificantWhitespace(a), stripInsignificantWhitespace(b)) ? 'whitespace-only' : 'differs';
}
