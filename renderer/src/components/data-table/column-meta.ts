import type { FilterMatch } from './filters';

/** Per-column options DataTable reads from `columnDef.meta`. */
export interface DataColumnMeta {
  /** Filter input under the header: free text, or a choice among values. */
  readonly filter?: 'text' | { readonly options: readonly string[] };
  /** How the filter matches: text filters default to `contains`, choices to `equals`. */
  readonly match?: FilterMatch;
  /**
   * A fixed CSS width (grid track), e.g. '28px' for a checkbox. Without it the column is as
   * wide as its content (content-widths.ts).
   */
  readonly width?: string;
  /** This column takes the width the others leave (one per table: the widest text). */
  readonly grow?: boolean;
  /** The text a cell shows, when it is not the column's value as a string (a formatted time). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- meta is shared by every row type
  readonly fitText?: (value: any) => string;
  /** Pixels a cell adds around its text: a badge's padding (badges: 16). */
  readonly fitExtra?: number;
  /** The narrowest the column may be, in px. */
  readonly minWidth?: number;
}
