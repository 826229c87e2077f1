import { locateJson, type LocatedValue } from '../replay/json-locations';
import { jsonLiteral } from '../text/json-literal';
import { personalKind } from './personal-fields';
import type { Pseudonyms } from './pseudonyms';

interface Replacement {
  readonly offset: number;
  readonly length: number;
  readonly text: string;
}

function collect(value: LocatedValue, path: (string | number)[], pseudonyms: Pseudonyms, out: Replacement[]): void {
  if (value.kind === 'object') {
    for (const p of value.properties) collect(p.value, [...path, p.key], pseudonyms, out);
  } else if (value.kind === 'array') {
    value.items.forEach((item, i) => collect(item, [...path, i], pseudonyms, out));
  } else if (typeof value.value === 'string') {
    const kind = personalKind(path, value.value);
    if (kind === null) return;
    const pseudonym = pseudonyms.of(kind, value.value);
    if (pseudonym !== value.value) out.push({ offset: value.offset, length: value.length, text: jsonLiteral(pseudonym) });
  }
}

/**
 * A JSON body with every personal field's string replaced by its pseudonym, in place: every
 * other byte (spacing, key order, how a number is written) stays as it was, so amounts, ids,
 * statuses and times are exactly the recorded ones. Null when the text is not JSON.
 */
export function redactJsonText(text: string, pseudonyms: Pseudonyms): { text: string; replaced: number } | null {
  const root = locateJson(text);
  if (root === null) return null;
  const replacements: Replacement[] = [];
  collect(root, [], pseudonyms, replacements);
  let out = text;
  // From the end, so earlier offsets stay true.
  for (const r of [...replacements].sort((a, b) => b.offset - a.offset)) out = out.slice(0, r.offset) + r.text + out.slice(r.offset + r.length);
  return { text: out, replaced: replacements.length };
}
