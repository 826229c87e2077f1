/**
 * How deep a JSON text nests, and how long its pretty-printed form would be, found by one scan
 * that skips strings, without parsing. A body of 16 KB nested 7,800 deep is valid JSON whose
 * two-space pretty form is 32 million characters (each level indents every line below it), and
 * whose depth overflows the stack of recursive checkers (Monaco's JSON worker).
 */
export interface JsonNesting {
  readonly depth: number;
  /** Characters of JSON.stringify(value, null, 2), estimated from above. */
  readonly prettyChars: number;
}

export function jsonNesting(text: string): JsonNesting {
  let depth = 0;
  let maxDepth = 0;
  let prettyChars = text.length;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > maxDepth) maxDepth = depth;
      // A line break and the indent of the first member, and later of the closing bracket.
      prettyChars += 2 * (1 + 2 * depth);
    } else if (c === 0x7d || c === 0x5d) depth--;
    else if (c === 0x2c) prettyChars += 1 + 2 * depth;
    else if (c === 0x3a) prettyChars += 1;
  }
  return { depth: maxDepth, prettyChars };
}

/** Deepest nesting the pretty view lays out; webhook events nest 3-4 deep. */
export const MAX_PRETTY_DEPTH = 100;
/**
 * Most characters the pretty form may add to the body (line breaks and indents). The raw view
 * already holds the body itself, so a flat 20 MB event pretty-prints; what is refused is the
 * blow-up of a small body nested deep or with many tiny members.
 */
export const MAX_PRETTY_GROWTH = 4 * 1024 * 1024;

/** Why a body gets no pretty view (null: it does), in words for the view. */
export function whyNotPretty(text: string): string | null {
  const { depth, prettyChars } = jsonNesting(text);
  if (depth > MAX_PRETTY_DEPTH) {
    return `nested ${depth.toLocaleString('en-US')} levels deep (the pretty view lays out at most ${MAX_PRETTY_DEPTH}): shown raw`;
  }
  const growth = prettyChars - text.length;
  if (growth > MAX_PRETTY_GROWTH) {
    return `its pretty form would add ${Math.round(growth / (1024 * 1024))} MB of indentation (at most ${MAX_PRETTY_GROWTH / (1024 * 1024)} MB): shown raw`;
  }
  return null;
}

/**
 * Deepest nesting the Replay editor's schema check is trusted with: Monaco's JSON worker
 * recurses per level and throws RangeError a few thousand levels down, silently dropping every
 * marker. Beyond this the editor says it cannot check the body.
 */
export const MAX_CHECKED_DEPTH = 1_000;
