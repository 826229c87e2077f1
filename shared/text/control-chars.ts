import { BIDI_CONTROL_CLASS } from './bidi';

/**
 * Escaping of the characters that give text a structure or drive a terminal: C0 and C1
 * controls and DEL (line breaks and ESC among them: a new line, an OSC 0 window title, an OSC 52
 * clipboard write, an ESC[2J clear screen), the line and paragraph separators, and the bidi
 * controls that reorder what is shown. A sender's text goes through here on its way into a
 * terminal line (hosts/cli) or an agent's tool result (hosts/mcp): each such character is shown
 * as `\x1b` or `\u202e`, visible and inert, so a value can never start a line of its own.
 */

/** Every character escaped here. */
export const CONTROL_CHARS = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029${BIDI_CONTROL_CLASS}]`, 'g');

/** The same, less line feed and tab: the layout of our own multi-line text. */
export const CONTROL_CHARS_BUT_LAYOUT = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u2028\\u2029${BIDI_CONTROL_CLASS}]`, 'g');

/** `\x1b` for a C0/C1 control or DEL, `\u202e` for a separator or bidi control. */
export function escapeControl(c: string): string {
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** Text someone else controls, on one line: every control character and line break shown escaped. */
export function escapeControls(text: string): string {
  return text.replace(CONTROL_CHARS, escapeControl);
}

/** Our own multi-line text: line feeds and tabs kept, every other control shown escaped. */
export function escapeControlsButLayout(text: string): string {
  return text.replace(CONTROL_CHARS_BUT_LAYOUT, escapeControl);
}
