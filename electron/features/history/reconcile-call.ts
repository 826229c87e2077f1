import type { ParsedArgs, CallResult } from '../../../shared/contract';
import { unpairedCause } from '../../../shared/history/delivery-urls';
import { otherEnvironmentKeyIds } from '../../services/webhook-keys/key-environments';
import { receivedCompleteSinceMs, storedEventIds } from '../../services/data/reconciliation-reads';
import { reconcile, setAsideLeftOut, type Reconciliation } from './reconciliation';
import { explainLeftOut, type LeftOutExplained } from './left-out';
import { loadReconciliationInput } from './reconciliation-source';
import { ownAddresses } from './own-addresses';
import type { HistoryDeps } from './deps';

interface Computed {
  environmentId: string;
  result: Reconciliation;
  leftOut: LeftOutExplained[];
  computedAt: string;
  durationMs: number;
}

/** One reconciliation of the environment's copy with the received deliveries, timed. */
function computeReconciliation(ctx: HistoryDeps, environmentId: string, since: string | undefined): Computed {
  const started = performance.now();
  const otherKeys = otherEnvironmentKeyIds(ctx.config.settings.get().listener.keys, environmentId, (id) => ctx.config.environments.isKnown(id));
  const input = loadReconciliationInput(ctx.data.db, ctx.data.history, environmentId, since ? Date.parse(since) : null, otherKeys);
  const aside = setAsideLeftOut(input.history, input.leftOut);
  const { addresses } = ownAddresses(ctx);
  const storedEventIdsOf = storedEventIds(ctx.data.db, [...new Set(aside.history.map((h) => h.eventId))]);
  const nowMs = ctx.runtime.clock.now();
  const causeContext = { addresses, listenerStatuses: input.listenerStatuses, storedEventIds: storedEventIdsOf, nowMs, completeSinceMs: receivedCompleteSinceMs(ctx.data.db, nowMs) };
  const result = reconcile(aside.history, input.received, input.payloadHashes, (h) =>
    unpairedCause({ url: h.url ?? '', status: h.status, eventId: h.eventId, created: h.created }, causeContext),
  );
  const leftOut = explainLeftOut(aside.groups, ctx.config.settings.get(), environmentId);
  const durationMs = Math.round(performance.now() - started);
  return { environmentId, result, leftOut, computedAt: new Date(ctx.runtime.clock.now()).toISOString(), durationMs };
}

/** history.reconcile: computed when asked afresh or for another environment, else paged from the last. */
export function createReconcileCall(ctx: HistoryDeps, activeId: () => string) {
  let last: Computed | null = null;
  return async ({ since, category, offset, limit, refresh }: ParsedArgs<'history.reconcile'>): Promise<CallResult<'history.reconcile'>> => {
    const environmentId = activeId();
    if (refresh || !last || last.environmentId !== environmentId) last = computeReconciliation(ctx, environmentId, since);
    const { result, computedAt, durationMs, leftOut } = last;
    const items = category ? result.items.filter((i) => i.category === category) : result.items;
    return {
      environmentId,
      computedAt,
      durationMs,
      counts: result.counts,
      totalItems: items.length,
      items: items.slice(offset, offset + limit),
      windows: result.windows.slice(-100),
      leftOut,
    };
  };
}
