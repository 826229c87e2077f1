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
  /** The cell shows its text in the monospace font (ids): measured in it. */
  readonly fitMono?: boolean;
  /** The cell shows its text in the semibold weight (a status): measured in it, as it is wider. */
  readonly fitBold?: boolean;
  /** Pixels a cell adds around its text: a badge's padding (badges: 16). */
  readonly fitExtra?: number;
  /**
   * When the table is too narrow for every column at its content width, columns with a
   * hideOrder are left out, the highest first (what they hold is also in the row's detail).
   */
  readonly hideOrder?: number;
  /**
   * The widest value the column is planned for (the longest event type, a long event id): the
   * column is at least as wide as it from the first row, so its width, and which columns a
   * narrow table leaves out, do not change as deliveries come in.
   */
  readonly fitSample?: string;
  /** The narrowest the column may be, in px. */
  readonly minWidth?: number;
}
