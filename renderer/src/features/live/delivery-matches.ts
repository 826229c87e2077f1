import type { DeliverySummary } from '../../../../shared/contract/live';
import { searchDeliveries } from './live-columns';
import type { BodyHits } from './create-live-store';

/**
 * The rows a search shows: those whose summary matches (type, order, ids, path, verdicts; in
 * the page) together with those whose headers or body match (the core's full-text index).
 * Until the index answers for this very query, only the summary matches are shown.
 */
export function matchDeliveries(rows: readonly DeliverySummary[], query: string, hits: BodyHits | null): DeliverySummary[] {
  const bySummary = searchDeliveries(rows, query);
  if (query.trim() === '' || !hits || hits.query !== query || hits.ids.size === 0) return bySummary;
  const inSummary = new Set(bySummary);
  return rows.filter((r) => inSummary.has(r) || hits.ids.has(r.id));
}
