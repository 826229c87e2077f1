import type { ShareSelection } from '../../../shared/contract/share-export';
import type { DeliveryStore, ExportRow } from '../../services/data/delivery-store';
import type { ExportFilter } from '../../services/data/export-filter';

/** Rows read per page, and the ids asked for at once (SQLite's IN list). */
const PAGE_ROWS = 1_000;
const IDS_PER_QUERY = 5_000;

/** The store's filter for a selection (its time as epoch ms). */
export function filterOf(selection: ShareSelection): ExportFilter {
  return {
    ...(selection.eventType !== undefined ? { eventType: selection.eventType } : {}),
    ...(selection.orderId !== undefined ? { orderId: selection.orderId } : {}),
    ...(selection.since !== undefined ? { sinceMs: Date.parse(selection.since) } : {}),
  };
}

/** How many deliveries the selection holds now. */
export function countSelected(store: DeliveryStore, selection: ShareSelection): number {
  const filter = filterOf(selection);
  if (!selection.ids) return store.countWhere(filter);
  let total = 0;
  for (const chunk of chunked(uniqueSorted(selection.ids), IDS_PER_QUERY)) total += store.countWhere({ ...filter, ids: chunk });
  return total;
}

/**
 * The selected rows, oldest first, a page at a time (a page is at most a few MB of bodies):
 * at most `limit` rows, so deliveries that arrive during an export stay out of it.
 */
export async function* selectedPages(store: DeliveryStore, selection: ShareSelection, limit: number, extra: ExportFilter = {}): AsyncGenerator<ExportRow[]> {
  const filter = { ...filterOf(selection), ...extra };
  let count = 0;
  const chunks = selection.ids ? chunked(uniqueSorted(selection.ids), IDS_PER_QUERY) : [undefined];
  for (const chunk of chunks) {
    for (let after = 0; count < limit; ) {
      const rows = store.exportRows({ ...filter, ...(chunk ? { ids: chunk } : {}), afterId: after, limit: Math.min(PAGE_ROWS, limit - count) });
      if (rows.length === 0) break;
      count += rows.length;
      after = rows.at(-1)!.summary.id;
      yield rows;
    }
  }
}

const uniqueSorted = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

function chunked<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
