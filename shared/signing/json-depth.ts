/** Nesting of objects/arrays beyond which a large received body is not parsed; events nest 3-4 deep. */
export const MAX_PARSED_JSON_DEPTH = 64;

/**
 * Bodies up to this size are parsed whatever their shape: the worst nesting costs V8 a few
 * milliseconds there. Webhook events are 1-2 KB, so the scan below stays off the hot path.
 */
const ALWAYS_PARSE_BYTES = 16 * 1024;

const encoder = new TextEncoder();

/**
 * Whether parsing this JSON text (UTF-8 bytes or a string) could stall: larger than 16 KiB and
 * nested deeper than MAX_PARSED_JSON_DEPTH, found by one scan that skips strings. A body like
 * `[[[[…` a few megabytes deep is slow for V8 to parse, so the listener and the
 * detail view ask this before parsing anything a sender chose.
 */
export function tooDeepToParse(json: Uint8Array | string): boolean {
  if (json.length <= ALWAYS_PARSE_BYTES) return false;
  const bytes = typeof json === 'string' ? encoder.encode(json) : json;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (inString) {
      if (b === 0x5c) i++; // backslash: skip the escaped byte
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x7b || b === 0x5b) {
      if (++depth > MAX_PARSED_JSON_DEPTH) return true;
    } else if (b === 0x7d || b === 0x5d) depth--;
  }
  return false;
}
