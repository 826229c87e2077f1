const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The bytes as text when they are valid UTF-8, else null (the UI then shows hex). */
export function bodyAsText(body: Uint8Array): string | null {
  try {
    return strictUtf8.decode(body);
  } catch {
    return null;
  }
}

/**
 * The largest cut at or below `end` that does not split a UTF-8 character: a text body opened in
 * parts shows whole characters in each part.
 */
export function utf8CutAt(bytes: Uint8Array, end: number): number {
  let cut = Math.min(end, bytes.length);
  // Continuation bytes are 10xxxxxx; a character has at most three of them.
  for (let back = 0; back < 3 && cut > 0 && cut < bytes.length && (bytes[cut]! & 0xc0) === 0x80; back++) cut--;
  return cut;
}
