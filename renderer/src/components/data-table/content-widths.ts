/**
 * Column widths from what the columns hold: each column as wide as its widest value (up to
 * MAX_UNCUT_CHARS characters, so event types, order types, ids and verdicts are never cut), and
 * its header; the one `grow` column takes the rest of the row. Pure, so it is unit tested with
 * a fake text measure; DataTable measures with a canvas in the table's own font.
 */

/** Values of up to this many characters are never cut; longer ones end with an ellipsis. */
export const MAX_UNCUT_CHARS = 30;
/** Cell padding (6px each side) and a pixel of slack against rounding. */
const CELL_PADDING = 14;
/** How many rows are looked at: the first rows shown, enough to find the long values. */
const SAMPLE_ROWS = 2000;
/** Of a column's values, how many of the widest (by the sum of their characters) are measured whole. */
const MEASURED_PER_COLUMN = 4;

export interface FitColumn<T> {
  readonly id: string;
  /** The header's text, measured in the header's font. */
  readonly header: string;
  /** The text a row shows in this column (null for columns of a fixed width). */
  readonly text: ((row: T) => string) | null;
  /** Pixels a cell adds around its text (a badge's padding, a checkbox). */
  readonly extra: number;
  /** Measured in the monospace font. */
  readonly mono?: boolean;
  /** Measured in the cell font's semibold weight. */
  readonly bold?: boolean;
  /** Never narrower than this. */
  readonly min: number;
  /** Measured as if a row held it (DataColumnMeta.fitSample). */
  readonly sample?: string | undefined;
}

export type Measure = (text: string, kind: 'cell' | 'bold' | 'mono' | 'header') => number;

/** The pixel width each column needs (null for columns without a `text`). */
export function contentWidths<T>(
  columns: readonly FitColumn<T>[],
  rows: readonly T[],
  measure: Measure,
): Array<number | null> {
  const sample = rows.length > SAMPLE_ROWS ? rows.slice(0, SAMPLE_ROWS) : rows;
  return columns.map((c) => {
    if (c.text === null) return null;
    const kind = c.mono ? 'mono' : c.bold ? 'bold' : 'cell';
    const estimate = charSumEstimate(measure, kind);
    const widest: Array<{ text: string; px: number }> = c.sample ? [{ text: c.sample, px: estimate(c.sample) }] : [];
    for (const row of sample) {
      const full = c.text(row);
      const text = full.length > MAX_UNCUT_CHARS ? full.slice(0, MAX_UNCUT_CHARS) : full;
      const px = estimate(text);
      if (widest.length < MEASURED_PER_COLUMN) widest.push({ text, px });
      else {
        // Keep the few widest: replace the narrowest kept when this one is wider.
        let narrowest = 0;
        for (let i = 1; i < widest.length; i++) if (widest[i]!.px < widest[narrowest]!.px) narrowest = i;
        if (px > widest[narrowest]!.px) widest[narrowest] = { text, px };
      }
    }
    const cell = widest.reduce((w, t) => Math.max(w, measure(t.text, kind)), 0);
    // Headers carry the sort arrow when sorted.
    const header = measure(`${c.header} ▼`, 'header');
    return Math.ceil(Math.max(c.min, cell + c.extra, header) + CELL_PADDING);
  });
}

/**
 * A value's width as the sum of its characters' widths, each character measured once: right
 * where the length is not (an id of invisible bidi controls is long but narrow; "1795884573085"
 * is wider than "illustration"), so the few values measured whole are the widest. Kept per
 * measure across calls, so a table that recomputes on every new row pays only for new values.
 */
function charSumEstimate(measure: Measure, kind: 'cell' | 'bold' | 'mono'): (text: string) => number {
  let cache = ESTIMATES.get(measure);
  if (!cache) ESTIMATES.set(measure, (cache = new Map()));
  const known = cache;
  return (text) => {
    const key = `${kind}\u0000${text}`;
    let px = known.get(key);
    if (px !== undefined) return px;
    px = 0;
    for (const ch of text) {
      const charKey = `${kind}\u0001${ch}`;
      let w = known.get(charKey);
      if (w === undefined) known.set(charKey, (w = measure(ch, kind)));
      px += w;
    }
    // Bounded: a long session's ids come and go; the characters are measured again, cheaply.
    if (known.size > MAX_ESTIMATES) known.clear();
    known.set(key, px);
    return px;
  };
}

const ESTIMATES = new WeakMap<Measure, Map<string, number>>();
const MAX_ESTIMATES = 50_000;

/** Widths only grow while a table is shown, so a row arriving or a filter typed never makes columns jump narrower. */
export function keepWidest(
  previous: ReadonlyMap<string, number>,
  ids: readonly string[],
  widths: ReadonlyArray<number | null>,
): Map<string, number> {
  const next = new Map(previous);
  ids.forEach((id, i) => {
    const w = widths[i];
    if (w !== null && w !== undefined) next.set(id, Math.max(w, previous.get(id) ?? 0));
  });
  return next;
}

/**
 * Which columns to leave out so the others fit `available` px without a sideways scrollbar:
 * those with a `hideOrder`, the highest first, until the rest fit (values are never cut
 * instead). Columns without a `hideOrder` always stay.
 */
export function columnsToHide(columns: ReadonlyArray<{ id: string; px: number; hideOrder?: number | undefined }>, available: number): Set<string> {
  const hidden = new Set<string>();
  let total = columns.reduce((n, c) => n + c.px, 0);
  const candidates = columns.filter((c) => c.hideOrder !== undefined).sort((a, b) => b.hideOrder! - a.hideOrder!);
  for (const c of candidates) {
    if (total <= available) break;
    hidden.add(c.id);
    total -= c.px;
  }
  return hidden;
}
