/**
 * The one terminal-safe printer of the commands. Text a sender, a tunnel server or a file
 * controls can carry escape sequences (OSC 0 retitles the window, OSC 52 writes the clipboard,
 * OSC 8 hides a link, ESC[2J clears the screen) and bidi controls that reorder what is shown.
 * Every such character is shown escaped instead: C0 and C1 controls and DEL as `\x1b`, line and
 * paragraph separators and bidi controls as `\u202e` (shared/text/control-chars.ts, which MCP's
 * tool results use too). Nothing of them reaches the terminal raw.
 */
import { CONTROL_CHARS, CONTROL_CHARS_BUT_LAYOUT, escapeControl, escapeControls } from '../../../../shared/text/control-chars';

/** The only escape sequences Hooklab itself writes: the colours of `Paint` (output.ts). */
// eslint-disable-next-line no-control-regex
const PAINT = /\u001b\[(?:0|2|3[123])m/y;
/** terminalLine's own copy: it steps through a line with lastIndex. */
const LAYOUT_BREAKERS = new RegExp(CONTROL_CHARS_BUT_LAYOUT.source, 'g');

/** A string someone else controls, for one terminal line: every control shown escaped, length capped ('-' for null). */
export function terminalSafe(text: string | null, max = 60): string {
  if (text === null) return '-';
  const clean = escapeControls(text);
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/**
 * A whole line (or lines) on its way to the terminal: the last guard, under the per-field
 * `terminalSafe`. Keeps line feeds, tabs and Paint's own colours; escapes every other control,
 * so a string that missed its `terminalSafe` still cannot drive the terminal.
 */
export function terminalLine(text: string): string {
  let out = '';
  let last = 0;
  LAYOUT_BREAKERS.lastIndex = 0;
  for (let m = LAYOUT_BREAKERS.exec(text); m !== null; m = LAYOUT_BREAKERS.exec(text)) {
    PAINT.lastIndex = m.index;
    const paint = m[0] === '\u001b' ? PAINT.exec(text) : null;
    if (paint) {
      LAYOUT_BREAKERS.lastIndex = m.index + paint[0].length;
      continue;
    }
    out += text.slice(last, m.index) + escapeControl(m[0]);
    last = m.index + 1;
  }
  return out + text.slice(last);
}

/**
 * `--json` output: JSON.stringify escapes C0 controls but writes C1 controls (U+009B is a CSI
 * on many terminals), DEL, separators and bidi controls raw. Escaped as `\u009b` here they are
 * the same JSON value for a program, and inert on a terminal.
 */
export function jsonLine(data: unknown): string {
  return JSON.stringify(data).replace(CONTROL_CHARS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
