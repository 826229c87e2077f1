import type { Handlers } from '../../../shared/contract';
import { pairArrivals, slowFilterWarning } from '../../../shared/history';
import { toCallError } from '../../services/service-api/client-pool';
import { diffBodies } from '../../services/data/delivery-diff';
import { receivedCompleteSinceMs, receivedEventIds, storedEventIds } from '../../services/data/reconciliation-reads';
import { historyDeliveryUrls } from '../../services/data/delivery-url-reads';
import { deliveryUrlsView, ownAddresses, sentElsewhereView } from './own-addresses';
import { createReconcileCall } from './reconcile-call';
import type { HistoryParts } from './history-parts';

/** History's activity strip's default range: the last hour. */
const HOUR_MS = 3_600_000;

/** What History reads: the service's list and the local copy, its activity, URLs and pairs. */
export function readHandlers({ ctx, pool, poller, notifier, active, activeId, call }: HistoryParts): Partial<Handlers> {
  const store = ctx.data.history;
  const received = ctx.data.deliveries;
  return {
    'history.summary': async () => {
      const info = ctx.config.environments.activeInfo();
      return {
        environmentId: info.id,
        environmentName: info.name,
        isSandbox: info.isSandbox,
        available: ctx.config.environments.active() !== null,
        cursor: store.cursor(info.id),
        ...store.counts(info.id),
      };
    },
    'history.byEventType': async () => ({ types: ctx.data.historyActivity.byEventType(ctx.config.environments.activeInfo().id) }),
    'history.query': ({ filters, sorts, page, pageSize }) =>
      call(async () => {
        const list = await pool.for(active()).list({ filters, sorts, page, pageSize });
        return { deliveries: list.webhookEvents, totalCount: list.totalCount, warning: slowFilterWarning(filters) };
      }),
    'history.get': ({ id }) =>
      call(async () => {
        const connection = active();
        const delivery = await pool.for(connection).get(id);
        store.apply(connection.id, [delivery], null, new Date(ctx.runtime.clock.now()).toISOString());
        return delivery;
      }),
    'history.local': async ({ afterId, limit, eventId }) => ({
      deliveries: store.list(activeId(), { afterId, limit, ...(eventId !== undefined ? { eventId } : {}) }),
    }),
    'history.activity': async ({ fromMs, toMs }) => {
      const to = toMs ?? (fromMs !== undefined ? fromMs + HOUR_MS : ctx.runtime.clock.now());
      return ctx.data.historyActivity.read(activeId(), fromMs ?? to - HOUR_MS, to);
    },
    'history.events': async ({ pendingOnly, offset, limit, createdFromMs, createdToMs }) => {
      const id = activeId();
      const range = createdFromMs !== undefined && createdToMs !== undefined ? { createdFromMs, createdToMs } : {};
      const page = store.events(id, { pendingOnly, offset, limit, ...range });
      return { ...page, pendingEvents: store.counts(id).pendingEvents };
    },
    'history.pollNow': async () => {
      const r = await poller.runOnce();
      notifier.flush();
      return { inserted: r.inserted, updated: r.updated, pages: r.pages, error: r.error };
    },
    'history.reconcile': createReconcileCall(ctx, activeId),
    'history.deliveryUrls': async ({ since }) => deliveryUrlsView(historyDeliveryUrls(ctx.data.db, activeId(), since ?? ''), ownAddresses(ctx)),
    'history.sentElsewhere': async ({ since }) => {
      const history = store.reconciliationRefs(activeId(), since);
      const eventIds = [...new Set(history.map((h) => h.eventId))];
      const nowMs = ctx.runtime.clock.now();
      const arrivals = { arrived: receivedEventIds(ctx.data.db, eventIds), stored: storedEventIds(ctx.data.db, eventIds), nowMs, completeSinceMs: receivedCompleteSinceMs(ctx.data.db, nowMs) };
      return sentElsewhereView(history, arrivals, ownAddresses(ctx));
    },
    'history.diff': async ({ left, right }) => diffBodies({ received, copy: store }, activeId(), left, right),
    'history.arrivals': async ({ eventId }) => {
      const arrivals = received.arrivalsOf(eventId);
      const pairs = pairArrivals(store.list(activeId(), { afterId: 0, limit: 1000, eventId }), arrivals);
      return { arrivals: arrivals.map((a) => ({ ...a, deliveryId: pairs.get(a.id) ?? null })) };
    },
    'history.testConnection': async ({ environmentId }) => {
      const connection = environmentId ? ctx.config.environments.get(environmentId) : ctx.config.environments.active();
      if (!connection) return { ok: false, message: 'that environment is not available' };
      try {
        const list = await pool.for(connection).list({ pageSize: 1 });
        return { ok: true, message: `connected: the store has ${list.totalCount} deliveries in history` };
      } catch (error) {
        return { ok: false, message: toCallError(error).message };
      }
    },
  };
}
