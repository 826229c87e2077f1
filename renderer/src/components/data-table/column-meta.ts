import type { FilterMatch } from './filters';

/** Per-column options DataTable reads from `columnDef.meta`. */
export interface DataColumnMeta {
  /** Filter input under the header: free text, or a choice among values. */
  readonly filter?: 'text' | { readonly options: readonly string[] };
  /** How the filter matches: text filters default to `contains`, choices to `equals`. */
  readonly match?: FilterMatch;
  /** CSS width of the column (grid track), e.g. '120px' or '1fr'. */
  readonly width?: string;
}
