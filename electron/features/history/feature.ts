import { CallError } from '../../../shared/contract/errors';
import { pairArrivals, slowFilterWarning } from '../../../shared/history';
import type { CoreContext, Feature } from '../../services/kernel/feature';
import type { Connection } from '../../services/environments/environments';
import { ClientPool, toCallError } from '../../services/service-api/client-pool';
import { HistoryStore } from '../../services/data/history-store';
import { ResendRemainderStore } from '../../services/data/resend-remainder-store';
import { HistoryActivityReads } from '../../services/data/history-activity';
import { HistoryPoller, NUDGED_POLL_DELAY_MS } from './poller';
import { resendOne, type ResendClient, type ResendOutcome } from './resend';
import { BulkResends } from './bulk-resend';
import { reconcile, setAsideLeftOut, type Reconciliation } from './reconciliation';
import { explainLeftOut, type LeftOutExplained } from './left-out';
import { loadReconciliationInput } from './reconciliation-source';
import { otherEnvironmentKeyIds } from '../../services/webhook-keys/key-environments';
import { diffBodies } from '../../services/data/delivery-diff';
import { UpdateNotifier } from './update-notifier';
import { deliveryUrlsView, ownAddresses, sentElsewhereView } from './own-addresses';
import { unpairedCause } from '../../../shared/history/delivery-urls';
import { receivedCompleteSinceMs, receivedEventIds, storedEventIds } from '../../services/data/reconciliation-reads';
import { watchAnsweredByAnother } from './answered-by-another';
import { historyDeliveryUrls } from '../../services/data/delivery-url-reads';

/** History's activity strip's default range: the last hour. */
const HOUR_MS = 3_600_000;

export interface HistoryFeatureOptions {
  /** Deadline of one call to the service (tests shorten it to exercise a hung service). */
  readonly timeoutMs?: number;
}

/**
 * The History area: the delivery-history client per environment, the poller keeping the local
 * copy, and the calls the UI and scripts use on it. The token never leaves the client pool.
 */
export function createHistoryFeature(ctx: CoreContext, options: HistoryFeatureOptions = {}): Feature {
  const store = new HistoryStore(ctx.db);
  const activity = new HistoryActivityReads(ctx.db);
  const received = ctx.deliveries;
  const pool = new ClientPool(ctx.fetch, ctx.clock, options.timeoutMs);
  const notifier = new UpdateNotifier(ctx.bus, store);
  const poller = new HistoryPoller({
    store,
    clock: ctx.clock,
    log: ctx.log,
    target: () => {
      const connection = ctx.environments.active();
      return connection ? { environmentId: connection.id, client: pool.for(connection) } : null;
    },
    intervalMs: () => ctx.settings.get().poller.intervalMs,
    retention: () => {
      const { retainDeliveries, retainBytes } = ctx.settings.get().poller;
      return { maxDeliveries: retainDeliveries, maxBytes: retainBytes };
    },
    enabled: () => ctx.settings.get().poller.enabled,
    report: (patch) => ctx.status.update('poller', patch),
    onApplied: (environmentId, change) => notifier.add(environmentId, change),
  });
  let lastReconciliation: { environmentId: string; result: Reconciliation; leftOut: LeftOutExplained[]; computedAt: string; durationMs: number } | null =
    null;
  const unsubscribers: Array<() => void> = [];
  const answeredByAnother = watchAnsweredByAnother(ctx, store);

  const active = (): Connection => {
    const connection = ctx.environments.active();
    if (!connection) throw new CallError('unavailable', 'the active environment is not available (is the sandbox running?)');
    return connection;
  };
  const activeId = () => ctx.settings.get().environments.active;

  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw toCallError(error);
    }
  };

  /**
   * The client whose resends are noted as asked for while under way, so the listener does not
   * flag their late arrival out of order. The event id comes from the history copy (the user
   * resends what History lists); a first delivery's id is its event id.
   */
  const requesting = (connection: Connection): ResendClient => {
    const client = pool.for(connection);
    return {
      resend: (id, signal) =>
        ctx.resendRequests.during(store.get(connection.id, id)?.eventId ?? id, () => client.resend(id, signal)),
      get: (id, signal) => client.get(id, signal),
      list: (query, signal) => client.list(query, signal),
    };
  };

  /** Stores a resend's new delivery right away, so the events view reflects it before the next poll. */
  const keep = (environmentId: string, outcome: ResendOutcome) => {
    if (!outcome.delivery) return;
    const applied = store.apply(environmentId, [outcome.delivery], null, new Date(ctx.clock.now()).toISOString());
    notifier.add(environmentId, { ...applied, ids: [outcome.delivery.id] });
  };

  const bulk = new BulkResends({
    jobs: ctx.jobs,
    client: () => {
      const connection = active();
      return { environmentId: connection.id, client: requesting(connection) };
    },
    keep,
    flush: () => notifier.flush(),
    now: () => new Date(ctx.clock.now()).toISOString(),
    remainders: new ResendRemainderStore(ctx.db),
    nowMs: () => ctx.clock.now(),
    announce: (jobId, { id, kind, message }) => ctx.bus.emit('history.resendOutcome', { jobId, outcome: { id, kind, message } }),
    deliveredSince: (ids, sinceMs) => {
      const events = store.deliveredSince(activeId(), ids, new Date(sinceMs).toISOString());
      const arrived = receivedEventIds(ctx.db, events.map((e) => e.eventId), sinceMs);
      return new Set(events.filter((e) => e.delivered || arrived.has(e.eventId)).map((e) => e.id));
    },
  });
  const rate = (ratePerSecond: number | undefined) => (ratePerSecond ? ` at ${ratePerSecond}/s` : '');

  return {
    name: 'history',
    handlers: {
      'history.summary': async () => {
        const info = ctx.environments.activeInfo();
        return {
          environmentId: info.id,
          environmentName: info.name,
          isSandbox: info.isSandbox,
          available: ctx.environments.active() !== null,
          cursor: store.cursor(info.id),
          ...store.counts(info.id),
        };
      },
      'history.byEventType': async () => ({ types: activity.byEventType(ctx.environments.activeInfo().id) }),
      'history.query': ({ filters, sorts, page, pageSize }) =>
        call(async () => {
          const list = await pool.for(active()).list({ filters, sorts, page, pageSize });
          return { deliveries: list.webhookEvents, totalCount: list.totalCount, warning: slowFilterWarning(filters) };
        }),
      'history.get': ({ id }) =>
        call(async () => {
          const connection = active();
          const delivery = await pool.for(connection).get(id);
          store.apply(connection.id, [delivery], null, new Date(ctx.clock.now()).toISOString());
          return delivery;
        }),
      'history.local': async ({ afterId, limit, eventId }) => ({
        deliveries: store.list(activeId(), { afterId, limit, ...(eventId !== undefined ? { eventId } : {}) }),
      }),
      'history.activity': async ({ fromMs, toMs }) => {
        const to = toMs ?? (fromMs !== undefined ? fromMs + HOUR_MS : ctx.clock.now());
        return activity.read(activeId(), fromMs ?? to - HOUR_MS, to);
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
      'history.resend': ({ id }) =>
        call(async () => {
          const connection = active();
          const outcome = await resendOne(requesting(connection), id);
          keep(connection.id, outcome);
          notifier.flush();
          return outcome;
        }),
      'history.resendMany': ({ ids, concurrency, ratePerSecond, jobId }) =>
        call(() => bulk.start(ids, { concurrency, ratePerSecond, jobId, title: `Resend ${ids.length}${rate(ratePerSecond)}` }).result),
      'history.resendPending': ({ concurrency, ratePerSecond, jobId, since }) =>
        call(() => {
          const ids = store.pendingEventIds(active().id, since);
          if (ids.length === 0) throw new CallError('conflict', since === undefined ? 'no event is pending' : `no event first logged since ${since} is pending`);
          const title = `Resend ${ids.length} pending${since === undefined ? '' : ` since ${since}`}${rate(ratePerSecond)}`;
          return bulk.start(ids, { concurrency, ratePerSecond, jobId, title }).result;
        }),
      'history.resendWhere': ({ where, dryRun, ratePerSecond, concurrency, jobId }) =>
        call(async () => {
          const selection = store.resendSelection(dryRun ? activeId() : active().id, where);
          const estimate = { deliveries: selection.deliveries, events: selection.events, resends: selection.ids.length };
          if (dryRun) return estimate;
          if (selection.ids.length === 0) throw new CallError('conflict', 'no delivery of the local history copy matches: nothing to resend');
          const started = bulk.start(selection.ids, { concurrency, ratePerSecond, jobId, title: `Resend ${selection.ids.length} events${rate(ratePerSecond)}` });
          // Its outcome is the job's (jobs.get); nobody awaits this promise.
          started.result.catch(() => undefined);
          return { jobId: started.jobId, ...estimate };
        }),
      'history.resendResume': ({ jobId, ratePerSecond, newJobId }) =>
        call(async () => {
          const job = ctx.jobs.get(jobId);
          if (job?.state === 'running') throw new CallError('conflict', `job ${jobId} is still running: cancel it first`);
          const resumed = bulk.resume(jobId, { ratePerSecond, newJobId });
          if (!resumed) throw new CallError('not-found', `job ${jobId} left nothing to resume (it finished, was resumed already, or is unknown)`);
          resumed.result.catch(() => undefined);
          return { jobId: resumed.jobId, resends: resumed.resends, skipped: resumed.skipped };
        }),
      'history.reconcile': async ({ since, category, offset, limit, refresh }) => {
        const environmentId = activeId();
        if (refresh || !lastReconciliation || lastReconciliation.environmentId !== environmentId) {
          const started = performance.now();
          const otherKeys = otherEnvironmentKeyIds(ctx.settings.get().listener.keys, environmentId, (id) => ctx.environments.isKnown(id));
          const input = loadReconciliationInput(ctx.db, environmentId, since ? Date.parse(since) : null, otherKeys);
          const aside = setAsideLeftOut(input.history, input.leftOut);
          const { addresses } = ownAddresses(ctx);
          const storedEventIdsOf = storedEventIds(ctx.db, [...new Set(aside.history.map((h) => h.eventId))]);
          const nowMs = ctx.clock.now();
          const causeContext = { addresses, listenerStatuses: input.listenerStatuses, storedEventIds: storedEventIdsOf, nowMs, completeSinceMs: receivedCompleteSinceMs(ctx.db, nowMs) };
          const result = reconcile(aside.history, input.received, input.payloadHashes, (h) =>
            unpairedCause({ url: h.url ?? '', status: h.status, eventId: h.eventId, created: h.created }, causeContext),
          );
          const leftOut = explainLeftOut(aside.groups, ctx.settings.get(), environmentId);
          const durationMs = Math.round(performance.now() - started);
          lastReconciliation = { environmentId, result, leftOut, computedAt: new Date(ctx.clock.now()).toISOString(), durationMs };
        }
        const { result, computedAt, durationMs, leftOut } = lastReconciliation;
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
      },
      'history.deliveryUrls': async ({ since }) => deliveryUrlsView(historyDeliveryUrls(ctx.db, activeId(), since ?? ''), ownAddresses(ctx)),
      'history.sentElsewhere': async ({ since }) => {
        const history = store.reconciliationRefs(activeId(), since);
        const eventIds = [...new Set(history.map((h) => h.eventId))];
        const nowMs = ctx.clock.now();
        const arrivals = { arrived: receivedEventIds(ctx.db, eventIds), stored: storedEventIds(ctx.db, eventIds), nowMs, completeSinceMs: receivedCompleteSinceMs(ctx.db, nowMs) };
        return sentElsewhereView(history, arrivals, ownAddresses(ctx));
      },
      'history.diff': async ({ left, right }) => diffBodies({ received, copy: store }, activeId(), left, right),
      'history.arrivals': async ({ eventId }) => {
        const arrivals = received.arrivalsOf(eventId);
        const pairs = pairArrivals(store.list(activeId(), { afterId: 0, limit: 1000, eventId }), arrivals);
        return { arrivals: arrivals.map((a) => ({ ...a, deliveryId: pairs.get(a.id) ?? null })) };
      },
      'history.testConnection': async ({ environmentId }) => {
        const connection = environmentId ? ctx.environments.get(environmentId) : ctx.environments.active();
        if (!connection) return { ok: false, message: 'that environment is not available' };
        try {
          const list = await pool.for(connection).list({ pageSize: 1 });
          return { ok: true, message: `connected: the store has ${list.totalCount} deliveries in history` };
        } catch (error) {
          return { ok: false, message: toCallError(error).message };
        }
      },
    },
    async start() {
      unsubscribers.push(ctx.environments.onChange(() => void poller.restart()));
      unsubscribers.push(
        ctx.settings.onChange((next, previous) => {
          if (next.poller !== previous.poller) void poller.restart();
        }),
      );
      // The service logs a delivery as it sends it: one that just reached the listener is in
      // history already, so poll soon instead of a full interval later.
      unsubscribers.push(
        ctx.bus.on('live.received', () => poller.nudge(NUDGED_POLL_DELAY_MS)),
      );
      poller.start();
      answeredByAnother.start();
      bulk.restoreResumable();
    },
    async stop() {
      answeredByAnother.stop();
      for (const u of unsubscribers.splice(0)) u();
      await poller.stop();
      notifier.flush();
    },
  };
}
