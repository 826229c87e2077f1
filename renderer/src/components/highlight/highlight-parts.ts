import { searchTerms } from '../../../../shared/search/search-terms';

/** Texts longer than this are shown without marks: a regex over megabytes would stall the pane. */
const MAX_HIGHLIGHTED_CHARS = 2_000_000;
/** Marks beyond this many are not drawn (thousands of <mark> elements slow the pane for nothing). */
const MAX_MARKS = 2_000;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Splits `text` into plain and matching parts for the search's terms (case-insensitive). */
export function highlightParts(text: string, search: string): Array<{ text: string; match: boolean }> {
  const terms = searchTerms(search);
  if (terms.length === 0 || text.length > MAX_HIGHLIGHTED_CHARS) return [{ text, match: false }];
  // Longer terms first, so "example" wins over "ex" where both start.
  const pattern = new RegExp(terms.sort((a, b) => b.length - a.length).map(escapeRegExp).join('|'), 'giu');
  const parts: Array<{ text: string; match: boolean }> = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (parts.length >= MAX_MARKS * 2) break;
    if (m.index > last) parts.push({ text: text.slice(last, m.index), match: false });
    parts.push({ text: m[0], match: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}
