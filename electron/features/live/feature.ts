import type { CoreContext, Feature } from '../../services/kernel/feature';
import { CallError } from '../../../shared/contract/errors';
import type { Settings } from '../../../shared/settings';
import { createKeyedHmac } from './listener/keyed-hmac';
import type { StoredTotals } from '../../services/data/received-delivery';
import { HistoryStore } from '../../services/data/history-store';
import { ListenerThread } from './listener/listener-thread';
import { inspectBody } from './listener/inspect';
import { TunnelService } from './tunnel/tunnel-service';
import { ProbeKey } from './probe/probe-webhook';
import { createTunnelProbe } from './probe/tunnel-probe';
import { deliveryDetail, exportLine } from './delivery-view';
import { LiveExports } from './export-job';
import { DeliveryWaits } from './delivery-wait';
import { createImportCall } from './import/import-call';
import { ImportStore } from '../../services/data/import-store';
import { DeliverySearch } from '../../services/data/delivery-search';
import { DeliveryActivity } from '../../services/data/delivery-activity';
import { withinListingBudget } from '../../../shared/text/listing-budget';

/** A listener thread that lived at least this long before it died is started again. */
const RESTART_AFTER_MS = 1000;

/** How long after start the backlog of the search index (an upgrade's backfill) is indexed. */
const STARTUP_INDEXING_DELAY_MS = 2000;
/** The activity strip's default range: the last hour. */
const HOUR_MS = 3_600_000;

export interface LiveFeatureOptions {
  readonly tunnelOpenTimeoutMs?: number;
  /** The probe interval instead of `tunnel.probeIntervalSeconds` (tests). */
  readonly probeIntervalMs?: number;
}

/**
 * The Live area: listener, forwarding and tunnel wired to settings (applied without restart),
 * status and the contract's live.* calls and events.
 */
export function createLiveFeature(ctx: CoreContext, options: LiveFeatureOptions = {}): Feature {
  const store = ctx.deliveries;
  const activity = new DeliveryActivity(ctx.db);
  const search = new DeliverySearch(ctx.db, {
    onError: (error) => ctx.log.error('search indexing failed', { message: (error as Error)?.message }),
  });
  let received = 0;
  /** Why the last batch could not be stored, until one is. */
  let storeFailure: string | null = null;
  let removedAnnounced = 0;
  /** Rows retention removed, as the listener's thread last counted them. */
  let removedByRetention = 0;
  /**
   * What the status bar says about storage: the totals and the caps they are held to. When
   * retention removed deliveries since the last call, the UI is told to drop them too.
   */
  const storageStatus = (totals: StoredTotals = { ...store.totals(), removed: removedByRetention }) => {
    removedByRetention = totals.removed;
    if (totals.removed !== removedAnnounced) {
      removedAnnounced = totals.removed;
      ctx.bus.emit('live.removed', { keptFromId: store.oldestReceivedId() });
    }
    const { retainDeliveries, retainBytes } = ctx.settings.get().listener;
    return { stored: totals.count, storedBytes: totals.bytes, removedByRetention: totals.removed, retainDeliveries, retainBytes };
  };
  const keys = () => ctx.webhookKeys.known();
  const waits = new DeliveryWaits({ bus: ctx.bus, store, clock: ctx.clock });

  const hmac = createKeyedHmac();
  const history = new HistoryStore(ctx.db);
  // Probes are signed here and answered by the listener's thread (each one's ticket is sent to it).
  const probeKey = new ProbeKey(() => ctx.clock.now(), (ticket) => listener?.probeIssued(ticket));
  /**
   * The listener runs in its own thread with its own connection (listener-worker.ts): nothing
   * this thread does (listings, Sequences, search, export, the history copy) delays an answer.
   */
  const startThread = () => new ListenerThread({
    databasePath: ctx.databasePath,
    dataDir: ctx.dataDir,
    settings: ctx.settings.get().listener,
    keys: keys(),
    resends: ctx.resendRequests.entries(),
    onStored: (deliveries, totals) => {
      received += deliveries.length;
      // The one notification of a committed batch: the search index, History's nudge, the
      // Sequences index and the renderer all follow this event.
      ctx.bus.emit('live.received', { deliveries });
      // Stored again after a failure: the listener is listening (and keeping) once more.
      const recovered = storeFailure !== null ? { state: 'listening' as const, error: null } : {};
      storeFailure = null;
      ctx.status.update('listener', { received, ...storageStatus(totals), ...recovered });
    },
    onStoreFailed: (cause) => {
      // Not "listening" while every delivery gets 500: the status bar says why, in SQLite's
      // or the system's own words (disk full), until a batch is stored again.
      if (storeFailure !== cause) ctx.log.error('cannot store deliveries', { cause });
      storeFailure = cause;
      ctx.status.update('listener', {
        state: 'error',
        error: `cannot store deliveries: ${cause}; senders get 500 and retry`,
      });
    },
    onForwarded: (id, handler, answeredStatus) => ctx.bus.emit('live.forwarded', { id, handler, answeredStatus }),
    onError: (message, cause) => ctx.log.error(message, { message: cause }),
    onExit: (error) => {
      ctx.log.error("the listener's thread stopped", { message: error.message });
      ctx.status.update('listener', { state: 'error', url: null, error: `the listener stopped: ${error.message}` });
      // Its port was freed with it: a new thread takes it again, unless the app is stopping or
      // the thread died at once (then it would only die again: the status says why).
      const lived = Date.now() - threadStartedAt;
      listener = null;
      if (!stopping && lived > RESTART_AFTER_MS) applying = applying.then(() => startListener(ctx.settings.get().listener.port));
    },
    onProbeAnswered: () => {
      probeKey.countAnswered();
      ctx.status.update('listener', { probesAnswered: probeKey.answered });
    },
  });
  let listener: ListenerThread | null = null;
  let threadStartedAt = 0;
  let stopping = false;
  const thread = (): ListenerThread => {
    if (listener) return listener;
    threadStartedAt = Date.now();
    return (listener = startThread());
  };
  /** Settings and keys as the listener's thread reads them (sent on every change). */
  const configureListener = () => listener?.configure(ctx.settings.get().listener, keys());

  const tunnel: TunnelService = new TunnelService({
    onStatus: (patch) => {
      ctx.status.update('tunnel', patch);
      tunnelProbe.tunnelChanged();
    },
    onPublicUrl: (url) => ctx.settings.update({ tunnel: { lastPublicUrl: url } }),
    onAutoSubdomain: (subdomain) => ctx.settings.update({ tunnel: { autoSubdomain: subdomain } }),
    log: (message, fields) => ctx.log.warn(message, fields),
    ...(options.tunnelOpenTimeoutMs ? { openTimeoutMs: options.tunnelOpenTimeoutMs } : {}),
  });

  const tunnelProbe = createTunnelProbe(ctx, tunnel, probeKey, options.probeIntervalMs ? { intervalMs: options.probeIntervalMs } : {});

  const bindError = (error: unknown, port: number): string =>
    (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
      ? `port ${port} is already in use`
      : (error as NodeJS.ErrnoException).code === 'EACCES'
        ? `port ${port} needs privileges Hooklab does not have`
        : (error as Error).message;

  async function startListener(port: number): Promise<void> {
    ctx.status.update('listener', { state: 'starting', port, error: null });
    try {
      const bound = await thread().start(port);
      const url = `http://127.0.0.1:${bound}/`;
      ctx.status.update('listener', { state: 'listening', port: bound, url, error: null, received });
      // Scripts (and the kill -9 test) find the port in this line.
      ctx.log.info(`Listening for webhooks on ${url}`);
    } catch (error) {
      const message = bindError(error, port);
      ctx.status.update('listener', { state: 'error', port, url: null, error: message });
      ctx.log.error('listener could not start', { message });
    }
  }

  /**
   * A new port is bound before the old one is let go: if it cannot be (in use, no privilege),
   * the listener stays where it was, the setting goes back to the port in use, and the reason
   * is shown next to the field. The sandbox's webhook URL follows the status, so it only moves
   * once the new port answers.
   */
  async function moveListener(port: number, configuredBefore: number): Promise<void> {
    const previous = listener?.port ?? null;
    if (previous === null) return startListener(port);
    try {
      const bound = await thread().moveTo(port);
      const url = `http://127.0.0.1:${bound}/`;
      ctx.status.update('listener', { state: 'listening', port: bound, url, error: null, portError: null });
      ctx.log.info(`Listening for webhooks on ${url}`);
    } catch (error) {
      const portError = `${bindError(error, port)}: still listening on ${previous}`;
      ctx.status.update('listener', { portError });
      ctx.log.warn('listener port not changed', { message: portError });
      // Unless the user has chosen yet another port meanwhile.
      if (ctx.settings.get().listener.port === port) {
        revertingTo = configuredBefore;
        ctx.settings.update({ listener: { port: configuredBefore } });
      }
    }
  }

  /** The port setting being put back after a failed change: the listener is already there. */
  let revertingTo: number | null = null;
  // Serialised so quick successive port changes never race two servers for one port.
  let applying: Promise<void> = Promise.resolve();
  const applyChange = (next: Settings, prev: Settings) => {
    // At once, not behind a port change: the listener's next batch reads them.
    configureListener();
    const reverted = revertingTo !== null && next.listener.port === revertingTo;
    revertingTo = null;
    applying = applying.then(async () => {
      const port = listener?.port ?? null;
      if (port === null) await startListener(next.listener.port);
      else if (!reverted && next.listener.port !== prev.listener.port && next.listener.port !== port) {
        await moveListener(next.listener.port, prev.listener.port);
      } else if (!reverted) {
        // A later save that leaves the listener where the settings say: an earlier refusal no
        // longer describes anything, so it stops showing next to the field.
        ctx.status.update('listener', { portError: null });
      }
      if (next.listener.retainDeliveries !== prev.listener.retainDeliveries || next.listener.retainBytes !== prev.listener.retainBytes) {
        // Lowered caps apply at once, not only at the next delivery (on the listener's connection).
        const limits = { maxDeliveries: next.listener.retainDeliveries, maxBytes: next.listener.retainBytes };
        ctx.status.update('listener', storageStatus(await thread().enforce(limits)));
      }
      tunnel.apply(next.tunnel, listener?.port ?? null);
    });
  };
  const unsubscribers: Array<() => void> = [];
  /** Rows stored before the listener classified bodies (migration 007) get their kind once. */
  const classifyStoredBodies = () => {
    for (;;) {
      const rows = store.untypedWithoutKind(500);
      if (rows.length === 0) return;
      store.setBodyKinds(rows.map((r) => ({ id: r.id, bodyKind: inspectBody(r.body).bodyKind ?? 'json-without-type' })));
    }
  };
  const imports = new ImportStore(ctx.db);
  // What Live lists: received deliveries and imported requests.
  const listedCount = () => store.count() + imports.importedCount();
  const exports = new LiveExports(ctx.dataDir, store, ctx.jobs, listedCount);

  return {
    name: 'live',
    async start() {
      exports.clearFolder();
      const { retainDeliveries, retainBytes } = ctx.settings.get().listener;
      classifyStoredBodies();
      const totals = await thread().enforce({ maxDeliveries: retainDeliveries, maxBytes: retainBytes });
      received = totals.count;
      ctx.status.update('listener', storageStatus(totals));
      unsubscribers.push(
        ctx.bus.on('live.received', () => search.scheduleIndexing()),
      );
      // Rows stored before the search index existed (or while it was stopped) get indexed soon,
      // after the first screens have loaded (a search indexes them at once if it comes first).
      search.scheduleIndexing(STARTUP_INDEXING_DELAY_MS);
      await startListener(ctx.settings.get().listener.port);
      tunnelProbe.start();
      tunnel.apply(ctx.settings.get().tunnel, listener?.port ?? null);
      unsubscribers.push(
        ctx.settings.onChange(applyChange),
        // A key's value changed (settings name the keys, secrets hold them).
        ctx.secrets.onChange(configureListener),
        ctx.resendRequests.onChange(() => listener?.resends(ctx.resendRequests.entries())),
      );
    },
    async stop() {
      stopping = true;
      waits.stop();
      for (const u of unsubscribers.splice(0)) u();
      search.stop();
      await applying;
      tunnelProbe.stop();
      tunnel.close();
      await listener?.stop();
      listener = null;
      ctx.status.update('listener', { state: 'stopped', url: null });
    },
    handlers: {
      'live.list': async ({ beforeId, limit }) => {
        const listed = store.list(beforeId, limit);
        // Bounded in bytes as well as rows: a page cut short by the budget pages on from its last row.
        const rows = withinListingBudget(listed);
        const last = rows.at(-1);
        return { rows, total: listedCount(), nextBeforeId: (rows.length === limit || rows.length < listed.length) && last ? last.id : null };
      },
      'live.get': async ({ id, bodyBytes }) => {
        const environmentId = ctx.environments.activeInfo().id;
        const detail = deliveryDetail(store, id, { bodyBytes, copies: { history, environmentId, hmac, keys: keys() } });
        if (!detail) throw new CallError('not-found', `no delivery ${id}`);
        return detail;
      },
      'live.body': async ({ id, offset, length }) => {
        const range = store.bodyRange(id, offset, length);
        if (!range) throw new CallError('not-found', `no delivery ${id}`);
        return { bodyBase64: Buffer.from(range.bytes).toString('base64'), offset, storedBytes: range.storedBytes };
      },
      'live.export': async ({ ids, afterId, limit }) => {
        const rows = store.exportRows({ ...(ids ? { ids } : {}), afterId, limit });
        const last = rows.at(-1);
        // A page cut short by its byte budget continues after its last row.
        const more = last !== undefined && (rows.length === limit || store.hasAfter(last.summary.id, ids));
        return {
          ndjson: rows.map((r) => exportLine(r) + '\n').join(''),
          count: rows.length,
          nextAfterId: more ? last.summary.id : null,
          total: ids ? ids.length : listedCount(),
        };
      },
      'live.exportAll': async ({ ids }) => exports.start(ids),
      'live.import': createImportCall(ctx, imports, hmac, () => search.scheduleIndexing()),
      'live.importedHistory': async ({ eventId, limit }) => ({ deliveries: imports.historyOf(eventId, limit) }),
      'live.exportResult': async ({ jobId, offset }) => exports.read(jobId, offset),
      'live.search': async ({ query, limit }) => search.search(query, limit),
      'live.activity': async ({ fromMs, toMs }) => {
        const to = toMs ?? (fromMs !== undefined ? fromMs + HOUR_MS : ctx.clock.now());
        return activity.read(fromMs ?? to - HOUR_MS, to);
      },
      'live.waitForDelivery': (args) => waits.wait(args),
      'live.clear': async () => {
        store.clear();
        received = 0;
        ctx.status.update('listener', { received, ...storageStatus() });
        ctx.bus.emit('live.cleared', {});
        return { ok: true as const };
      },
      'live.reconnectTunnel': async () => {
        tunnel.reconnect();
        return { ok: true as const };
      },
      'live.probePublicUrl': async () => tunnelProbe.probe.probeNow(),
    },
  };
}
