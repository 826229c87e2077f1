import { CallError } from '../../../shared/contract/errors';
import type { Connection } from '../../services/environments/environments';
import { ClientPool, toCallError } from '../../services/service-api/client-pool';
import { receivedEventIds } from '../../services/data/reconciliation-reads';
import { HistoryPoller } from './poller';
import type { ResendClient, ResendOutcome } from './resend';
import { BulkResends } from './bulk-resend';
import { UpdateNotifier } from './update-notifier';
import type { HistoryDeps } from './deps';

export interface HistoryFeatureOptions {
  /** Deadline of one call to the service (tests shorten it to exercise a hung service). */
  readonly timeoutMs?: number;
}

/** What History's calls share: the client pool, the poller, the update notices and bulk resends. */
export interface HistoryParts {
  readonly ctx: HistoryDeps;
  readonly pool: ClientPool;
  readonly poller: HistoryPoller;
  readonly notifier: UpdateNotifier;
  readonly bulk: BulkResends;
  /** The active environment's connection; `unavailable` when there is none. */
  active(): Connection;
  activeId(): string;
  /** Runs a call to the service, its errors as the contract's. */
  call<T>(work: () => Promise<T>): Promise<T>;
  requesting(connection: Connection): ResendClient;
  keep(environmentId: string, outcome: ResendOutcome): void;
}

function historyPoller(ctx: HistoryDeps, pool: ClientPool, notifier: UpdateNotifier): HistoryPoller {
  return new HistoryPoller({
    store: ctx.data.history,
    clock: ctx.runtime.clock,
    log: ctx.runtime.log,
    target: () => {
      const connection = ctx.config.environments.active();
      return connection ? { environmentId: connection.id, client: pool.for(connection) } : null;
    },
    intervalMs: () => ctx.config.settings.get().poller.intervalMs,
    retention: () => {
      const { retainDeliveries, retainBytes } = ctx.config.settings.get().poller;
      return { maxDeliveries: retainDeliveries, maxBytes: retainBytes };
    },
    enabled: () => ctx.config.settings.get().poller.enabled,
    report: (patch) => ctx.runtime.status.update('poller', patch),
    onApplied: (environmentId, change) => notifier.add(environmentId, change),
  });
}

function bulkResends(parts: Omit<HistoryParts, 'bulk'>): BulkResends {
  const { ctx } = parts;
  const store = ctx.data.history;
  return new BulkResends({
    jobs: ctx.runtime.jobs,
    client: () => {
      const connection = parts.active();
      return { environmentId: connection.id, client: parts.requesting(connection) };
    },
    keep: parts.keep,
    flush: () => parts.notifier.flush(),
    now: () => new Date(ctx.runtime.clock.now()).toISOString(),
    remainders: ctx.data.resendRemainders,
    nowMs: () => ctx.runtime.clock.now(),
    announce: (jobId, { id, kind, message }) => ctx.runtime.bus.emit('history.resendOutcome', { jobId, outcome: { id, kind, message } }),
    deliveredSince: (ids, sinceMs) => {
      const events = store.deliveredSince(parts.activeId(), ids, new Date(sinceMs).toISOString());
      const arrived = receivedEventIds(ctx.data.db, events.map((e) => e.eventId), sinceMs);
      return new Set(events.filter((e) => e.delivered || arrived.has(e.eventId)).map((e) => e.id));
    },
  });
}

/**
 * The delivery-history client per environment, the poller keeping the local copy, and what
 * History's calls share. The token never leaves the client pool.
 */
export function historyParts(ctx: HistoryDeps, options: HistoryFeatureOptions): HistoryParts {
  const store = ctx.data.history;
  const pool = new ClientPool(ctx.runtime.fetch, ctx.runtime.clock, options.timeoutMs);
  const notifier = new UpdateNotifier(ctx.runtime.bus, store);
  const parts: Omit<HistoryParts, 'bulk'> = {
    ctx,
    pool,
    notifier,
    poller: historyPoller(ctx, pool, notifier),
    active: () => {
      const connection = ctx.config.environments.active();
      if (!connection) throw new CallError('unavailable', 'the active environment is not available (is the sandbox running?)');
      return connection;
    },
    activeId: () => ctx.config.settings.get().environments.active,
    call: async (work) => {
      try {
        return await work();
      } catch (error) {
        throw toCallError(error);
      }
    },
    /**
     * The client whose resends are noted as asked for while under way, so the listener does not
     * flag their late arrival out of order. The event id comes from the history copy (the user
     * resends what History lists); a first delivery's id is its event id.
     */
    requesting: (connection) => {
      const client = pool.for(connection);
      return {
        resend: (id, signal) => ctx.runtime.resendRequests.during(store.get(connection.id, id)?.eventId ?? id, () => client.resend(id, signal)),
        get: (id, signal) => client.get(id, signal),
        list: (query, signal) => client.list(query, signal),
      };
    },
    /** Stores a resend's new delivery right away, so the events view reflects it before the next poll. */
    keep: (environmentId, outcome) => {
      if (!outcome.delivery) return;
      const applied = store.apply(environmentId, [outcome.delivery], null, new Date(ctx.runtime.clock.now()).toISOString());
      notifier.add(environmentId, { ...applied, ids: [outcome.delivery.id] });
    },
  };
  return { ...parts, bulk: bulkResends(parts) };
}
