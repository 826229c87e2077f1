import { z } from 'zod';
import { RECONCILE_CATEGORIES, type ReconciliationView } from '../../../shared/contract/history';
import { RECONCILE_HINTS, RECONCILE_LABELS, UNPAIRED_CAUSE_WORDS } from '../../../shared/history/reconcile-words';
import type { ContractClient } from '../kit/contract-client';
import { parseSince } from '../kit/since';
import { line, toolResult } from './tool-result';
import { defineTool, type ToolDefinition } from './tool-definition';

/** How many of the items that need a look the result lists one by one. */
const ITEMS_SHOWN = 20;

/** The categories whose items need a look, in the order a user fixes them. */
const TO_LOOK_AT = ['lost', 'refused-by-handler', 'handler-failed'] as const;
type Item = ReconciliationView['items'][number];

/** Lost deliveries per cause, most first. */
function causeCounts(items: readonly Item[]): Array<{ cause: string; deliveries: number }> {
  const counts = new Map<string, number>();
  for (const item of items) if (item.category === 'lost') counts.set(item.cause ?? 'unknown', (counts.get(item.cause ?? 'unknown') ?? 0) + 1);
  return [...counts].map(([cause, deliveries]) => ({ cause, deliveries })).sort((a, b) => b.deliveries - a.deliveries);
}

function reconcileText(view: ReconciliationView, items: readonly Item[], causes: ReturnType<typeof causeCounts>): string {
  const counted = RECONCILE_CATEGORIES.filter((c) => (view.counts[c] ?? 0) > 0);
  if (counted.length === 0) return `Nothing to reconcile in the local copy of the history of ${view.environmentId} (poll it, or widen since).`;
  const lines = [line`Reconciliation of the service's history (${view.environmentId}) with what this listener received, computed ${view.computedAt}:`];
  for (const c of counted) lines.push(`${RECONCILE_LABELS[c]} (${c}): ${view.counts[c]}. ${c === 'received' ? '' : RECONCILE_HINTS[c]}`.trimEnd());
  for (const { cause, deliveries } of causes) lines.push(`  lost because ${cause}: ${deliveries}, ${UNPAIRED_CAUSE_WORDS[cause as keyof typeof UNPAIRED_CAUSE_WORDS] ?? cause}`);
  for (const w of view.windows) lines.push(line`Missed window ${w.from} to ${w.to}: ${w.deliveries} deliveries never arrived (events ${w.eventIds.slice(0, 10).join(', ')}${w.eventIds.length > 10 ? ', …' : ''}).`);
  for (const l of view.leftOut) lines.push(line`Left out: ${l.message}`);
  const needsLook = items.slice(0, ITEMS_SHOWN);
  if (needsLook.length > 0) lines.push('Items to look at (history id, event id, received id):');
  for (const i of needsLook) lines.push(line`  ${i.category}${i.cause ? ` (${i.cause})` : ''}: history ${i.historyId ?? '-'} event ${i.eventId ?? '-'} received ${i.receivedId ?? '-'} at ${i.at}`);
  return lines.join('\n');
}

/** reconcile: what the service says it sent beside what arrived here, with why each was lost. */
export function reconcileTool(client: ContractClient, now: () => number): ToolDefinition {
  return defineTool({
    name: 'reconcile',
    calls: ['history.reconcile'],
    description:
      "Reconcile the service's delivery history (Hooklab's local copy, active environment) with what the listener received: counts per category (received, lost, handler-failed, refused-by-handler, unlogged, not-in-history), the cause of each lost delivery (other-url, failed-at-service, listener-refused, in-flight, answered-by-another), missed windows, and the items to look at.",
    input: z
      .object({ since: z.string().max(64).optional().describe('Only deliveries since: a duration back from now (30m, 2h, 7d) or an ISO 8601 time; default: the whole copy') })
      .strict(),
    async run({ since }) {
      const sinceIso = since === undefined ? {} : { since: new Date(parseSince(since, now())).toISOString() };
      // Computed once; then the items of each category that needs a look, paged from that result.
      const view = await client.call('history.reconcile', { ...sinceIso, limit: 0 });
      const items: Item[] = [];
      for (const category of TO_LOOK_AT) {
        if ((view.counts[category] ?? 0) > 0) items.push(...(await client.call('history.reconcile', { ...sinceIso, category, limit: 1000, refresh: false })).items);
      }
      const causes = causeCounts(items);
      return toolResult(reconcileText(view, items, causes), { ...view, items, causes });
    },
  });
}
