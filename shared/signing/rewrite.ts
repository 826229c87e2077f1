import { jsonChanges } from '../history/json-diff';

/**
 * What happened to a JSON body between the signer and here, in words, given the bytes that were
 * signed (`original`) and the bytes that arrived (`received`). A diagnosis that only said "the
 * JSON is written compactly" was wrong for a body that never had whitespace and whose only change
 * was `\u00f3` for `ó`; this names the change itself: whitespace, escaped characters, key order,
 * changed values. Null when the two are the same text or not both JSON.
 */
export function describeRewrite(original: string, received: string): string | null {
  if (original === received) return null;
  let left: unknown;
  let right: unknown;
  try {
    left = JSON.parse(original);
    right = JSON.parse(received);
  } catch {
    return null;
  }
  const changes = jsonChanges(left, right, 4);
  if (changes.length > 0) return `values changed: ${changes.slice(0, 3).map(changeText).join('; ')}${changes.length > 3 ? '; …' : ''}`;
  const parts: string[] = [];
  const [a, b] = [withoutWhitespace(original), withoutWhitespace(received)];
  if (a !== original || b !== received) {
    const whitespace = whitespaceChange(original, received, a, b);
    if (whitespace) parts.push(whitespace);
  }
  const [ua, ub] = [unescaped(a), unescaped(b)];
  if (ua !== ub) parts.push(`keys reordered (${firstReorder(left, right) ?? 'an object'})`);
  const escape = escapeChange(a, b);
  if (escape) parts.push(escape);
  return parts.length > 0 ? parts.join(', ') : 'written differently';
}

/** JSON text with the whitespace between tokens removed (strings untouched). */
function withoutWhitespace(text: string): string {
  return text.replace(/("(?:[^"\\]|\\.)*")|\s+/g, (_m, str: string | undefined) => str ?? '');
}

/** Every string token written the one way JSON.stringify writes it. */
function unescaped(text: string): string {
  return text.replace(/"(?:[^"\\]|\\.)*"/g, (token) => JSON.stringify(JSON.parse(token) as string));
}

function whitespaceChange(original: string, received: string, a: string, b: string): string | null {
  const hadSome = a !== original;
  const hasSome = b !== received;
  if (!hadSome && hasSome) return received.includes('\n') ? 'indentation added' : 'spaces added between tokens';
  if (hadSome && !hasSome) return 'whitespace removed (written compactly)';
  const lineEndings = (s: string) => (s.includes('\r\n') ? 'CRLF' : 'LF');
  if (lineEndings(original) !== lineEndings(received) && original.includes('\n')) return `line endings changed from ${lineEndings(original)} to ${lineEndings(received)}`;
  return original.replace(/("(?:[^"\\]|\\.)*")|\s+/g, (m, s: string | undefined) => s ?? m) === received ? null : 'indentation changed';
}

/** "\u00f3 instead of ó" (or the reverse), from a string that arrived written with other escapes. */
function escapeChange(a: string, b: string): string | null {
  const tokens = (s: string) => s.match(/"(?:[^"\\]|\\.)*"/g) ?? [];
  const normal = (token: string) => JSON.stringify(JSON.parse(token) as string);
  const signedAs = new Map(tokens(a).map((t) => [normal(t), t]));
  for (const y of tokens(b)) {
    const x = signedAs.get(normal(y));
    if (x === undefined || x === y) continue;
    const escapeOf = (s: string) => s.match(/\\u[0-9a-fA-F]{4}|\\\//)?.[0];
    const [here, there] = [escapeOf(y), escapeOf(x)];
    if (here && !there) return `characters escaped (${here} instead of ${JSON.parse(`"${here}"`) as string})`;
    if (there && !here) return `escaped characters written out (${JSON.parse(`"${there}"`) as string} instead of ${there})`;
    return 'string escapes changed';
  }
  return null;
}

/** Where the key order first differs, as "metadata: PaidAmount before Products". */
function firstReorder(left: unknown, right: unknown, path = ''): string | null {
  if (Array.isArray(left) && Array.isArray(right)) {
    for (let i = 0; i < Math.min(left.length, right.length); i++) {
      const inner = firstReorder(left[i], right[i], `${path}[${i}]`);
      if (inner) return inner;
    }
    return null;
  }
  if (!isObject(left) || !isObject(right)) return null;
  const [ka, kb] = [Object.keys(left), Object.keys(right)];
  const at = ka.findIndex((k, i) => kb[i] !== k);
  if (at >= 0) return `${path || 'the top level'}: ${kb[at]} before ${ka[at]}`;
  for (const key of ka) {
    const inner = firstReorder(left[key], right[key], path ? `${path}.${key}` : key);
    if (inner) return inner;
  }
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function changeText(c: { path: string; kind: string; left?: unknown; right?: unknown }): string {
  const path = c.path.replace(/^\//, '').replace(/\//g, '.') || 'the body';
  const show = (v: unknown) => {
    const text = JSON.stringify(v) ?? 'undefined';
    return text.length > 40 ? `${text.slice(0, 37)}…` : text;
  };
  if (c.kind === 'added') return `${path} added (${show(c.right)})`;
  if (c.kind === 'removed') return `${path} removed (was ${show(c.left)})`;
  return `${path} ${show(c.left)} → ${show(c.right)}`;
}
