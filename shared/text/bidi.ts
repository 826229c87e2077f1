/**
 * Unicode bidirectional controls: embeddings and overrides (U+202A-U+202E), isolates
 * (U+2066-U+2069), the marks (U+200E, U+200F, U+061C), as a regular-expression class body
 * (control-chars.ts escapes them too). In a sender's text they reorder what is shown around
 * them ("Trojan Source"): an order id can be made to read as another.
 */
export const BIDI_CONTROL_CLASS = '\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C';
const BIDI_CONTROLS = new RegExp(`[${BIDI_CONTROL_CLASS}]`, 'g');

/** The text with each bidi control shown as a visible, inert `[U+202E]` (what views show). */
export function neutraliseBidi(text: string): string {
  return text.replace(BIDI_CONTROLS, (c) => `[U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}]`);
}
