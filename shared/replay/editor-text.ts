/**
 * Whether a body's text survives a round trip through a code editor byte for byte. Monaco
 * keeps one line-ending style per document (mixed endings are normalised to the dominant one,
 * a lone CR becomes a line break of that style) and drops a leading BOM from its value; such a
 * body is shown read-only and sent exactly as it came, unless the user chooses to edit it.
 */
export type EditableVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: string };

export function editableVerbatim(text: string): EditableVerdict {
  if (text.charCodeAt(0) === 0xfeff) return { ok: false, reason: 'it starts with a byte-order mark, which the editor would drop' };
  let crlf = 0;
  let lf = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0d) {
      if (text.charCodeAt(i + 1) !== 0x0a) return { ok: false, reason: 'it has a carriage return without a line feed, which the editor would turn into a line break' };
      crlf++;
      i++;
    } else if (c === 0x0a) lf++;
    if (crlf > 0 && lf > 0) return { ok: false, reason: 'it mixes CRLF and LF line endings, which the editor would make uniform' };
  }
  return { ok: true };
}

/** "CRLF", "LF" or null (no line break), to tell the user which endings the editor keeps. */
export function lineEndingOf(text: string): 'CRLF' | 'LF' | null {
  const at = text.indexOf('\n');
  if (at < 0) return null;
  return at > 0 && text.charCodeAt(at - 1) === 0x0d ? 'CRLF' : 'LF';
}
