/**
 * The most bytes one listing reply (live.list, sequences.list, history lists) carries. Rows
 * are bounded one by one (summary fields capped); this bounds the page too, so no reply is
 * ever a string too long to build or a message the UI stalls on. The caller pages on.
 */
export const LISTING_MAX_BYTES = 4 * 1024 * 1024;

/**
 * The longest prefix of `items` whose JSON stays within `maxBytes` (at least one item, so
 * paging always moves on). UTF-16 length stands in for bytes: within a factor of 3, and cheap.
 */
export function withinListingBudget<T>(items: readonly T[], maxBytes: number = LISTING_MAX_BYTES): T[] {
  let used = 2;
  const kept: T[] = [];
  for (const item of items) {
    used += JSON.stringify(item).length + 1;
    if (used > maxBytes && kept.length > 0) break;
    kept.push(item);
  }
  return kept;
}
