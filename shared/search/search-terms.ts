/**
 * What a typed search means for the full-text index over received deliveries' headers and
 * bodies, shared by the core (the FTS5 query) and the UI (highlighting the same terms).
 * SQLite's unicode61 tokenizer splits on everything but letters and digits, so the text is
 * split the same way: "buyer@example.com" becomes buyer, example, com, searched as a phrase.
 */

const TERM = /[\p{L}\p{N}]+/gu;

/** Most terms a search uses: a pasted body must not become a query of thousands of tokens. */
export const MAX_SEARCH_TERMS = 16;

/** The letters-and-digits runs of a search, lower-cased, in order (at most MAX_SEARCH_TERMS). */
export function searchTerms(text: string): string[] {
  return (text.toLowerCase().match(TERM) ?? []).slice(0, MAX_SEARCH_TERMS);
}

/**
 * The FTS5 MATCH expression for a search: its terms as one phrase, the last one a prefix (the
 * user may still be typing it, and "SPRING" should find "SPRING24"). Terms hold only letters
 * and digits, so nothing needs quoting. Null when there is nothing to search.
 */
export function ftsMatchQuery(text: string): string | null {
  const terms = searchTerms(text);
  return terms.length === 0 ? null : `"${terms.join(' ')}"*`;
}
