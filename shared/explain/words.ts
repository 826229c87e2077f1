/**
 * How the explainer quotes what others control (a handler's exception, a diagnosis quoting the
 * body, a URL the service logged): bounded, and with every control character shown escaped, so
 * a quoted value never starts a line of its own in a terminal, an agent's text or the panel.
 */
import { escapeControls } from '../text/control-chars';

/** The most characters of one quoted value. */
const QUOTED_CHARS = 200;

/** Someone else's text on one line: escaped and cut to 200 characters. */
export function bounded(text: string): string {
  const cut = text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS)}…` : text;
  return escapeControls(cut);
}

/** "#12", "#12 and #15", "#12, #15 and #18". */
export function refs(ids: readonly (number | string)[], prefix = '#'): string {
  const words = ids.map((id) => `${prefix}${id}`);
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** A handler's answer in words: "500", "no answer (timeout)". */
export function answerWords(status: number | null, error: string | null): string {
  if (status !== null) return `${status}`;
  return `no answer (${bounded(error ?? 'connection failed')})`;
}
