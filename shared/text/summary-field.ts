import { neutraliseBidi } from './bidi';

/**
 * The most characters of a sender-controlled summary field (orderId, type, orderType,
 * orderReference, level) that listings, tables and order keys carry. The contract caps an
 * orderId at 200 (2.8); a sender may send megabytes. The full value stays in the body, which
 * the detail views show.
 */
export const SUMMARY_FIELD_MAX_CHARS = 200;

/** Marks a capped value, so it is never taken for the whole. */
export const CAPPED_MARK = '\u2026';

/**
 * `value` as listings carry it: bidi controls neutralised, then whole when it fits, else its first characters and "…" (never
 * half of a surrogate pair). Depends only on the first SUMMARY_FIELD_MAX_CHARS + 1 characters,
 * so a prefix read in SQL (substr) caps to the same key as the whole value.
 */
export function capSummaryField(raw: string): string {
  // Bidi controls are shown inert (they could make one order id read as another).
  const value = neutraliseBidi(raw);
  if (value.length <= SUMMARY_FIELD_MAX_CHARS) return value;
  let end = SUMMARY_FIELD_MAX_CHARS - CAPPED_MARK.length;
  const last = value.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return value.slice(0, end) + CAPPED_MARK;
}

export function capSummaryFieldOrNull(value: string | null): string | null {
  return value === null ? null : capSummaryField(value);
}

/** SQL that reads at most what capSummaryField needs of a column (never a megabyte string). */
export function summaryFieldSql(column: string): string {
  return `substr(${column}, 1, ${SUMMARY_FIELD_MAX_CHARS + 1}) AS ${column}`;
}
