const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The bytes as text when they are valid UTF-8, else null (the UI then shows hex). */
export function bodyAsText(body: Uint8Array): string | null {
  try {
    return strictUtf8.decode(body);
  } catch {
    return null;
  }
}
