/** Where the second pane sits: beside the first (columns) or below it (rows). */
export type SplitOrientation = 'beside' | 'above';

/** A split's shape: orientation and the first pane's share of the room. */
export interface SplitLayout {
  readonly orientation: SplitOrientation;
  /** The first pane's fraction of the split (MIN_FRACTION..MAX_FRACTION). */
  readonly fraction: number;
}

export const MIN_FRACTION = 0.15;
export const MAX_FRACTION = 0.85;

/** A fraction kept within MIN_FRACTION..MAX_FRACTION. */
export const clampFraction = (f: number) => Math.min(MAX_FRACTION, Math.max(MIN_FRACTION, f));

/** Reads a remembered layout, falling back to `fallback` on anything missing or malformed. */
export function readSplitLayout(raw: string | null, fallback: SplitLayout): SplitLayout {
  if (!raw) return fallback;
  try {
    const value = JSON.parse(raw) as Partial<SplitLayout>;
    const orientation = value.orientation === 'beside' || value.orientation === 'above' ? value.orientation : fallback.orientation;
    const fraction = typeof value.fraction === 'number' && Number.isFinite(value.fraction) ? clampFraction(value.fraction) : fallback.fraction;
    return { orientation, fraction };
  } catch {
    return fallback;
  }
}
