import type { Feature } from '../../services/kernel/feature';
import { createKeyedHmac } from './listener/keyed-hmac';
import { TunnelService } from './tunnel/tunnel-service';
import { ProbeKey } from './probe/probe-webhook';
import { createTunnelProbe } from './probe/tunnel-probe';
import { LiveExports } from './export-job';
import { DeliveryWaits } from './delivery-wait';
import { LiveListener } from './live-listener';
import { liveHandlers } from './live-handlers';
import type { LiveDeps } from './deps';

/** How long after start the backlog of the search index (an upgrade's backfill) is indexed. */
const STARTUP_INDEXING_DELAY_MS = 2000;

export interface LiveFeatureOptions {
  readonly tunnelOpenTimeoutMs?: number;
  /** The probe interval instead of `tunnel.probeIntervalSeconds` (tests). */
  readonly probeIntervalMs?: number;
}

function liveTunnel(ctx: LiveDeps, options: LiveFeatureOptions, tunnelChanged: () => void): TunnelService {
  return new TunnelService({
    onStatus: (patch) => {
      ctx.runtime.status.update('tunnel', patch);
      tunnelChanged();
    },
    onPublicUrl: (url) => ctx.config.settings.update({ tunnel: { lastPublicUrl: url } }),
    onAutoSubdomain: (subdomain) => ctx.config.settings.update({ tunnel: { autoSubdomain: subdomain } }),
    log: (message, fields) => ctx.runtime.log.warn(message, fields),
    ...(options.tunnelOpenTimeoutMs ? { openTimeoutMs: options.tunnelOpenTimeoutMs } : {}),
  });
}

/**
 * The Live area: listener, forwarding and tunnel wired to settings (applied without restart),
 * status and the contract's live.* calls and events.
 */
export function createLiveFeature(ctx: LiveDeps, options: LiveFeatureOptions = {}): Feature {
  const store = ctx.data.deliveries;
  const search = ctx.data.search;
  const waits = new DeliveryWaits({ bus: ctx.runtime.bus, store, clock: ctx.runtime.clock });
  // Probes are signed here and answered by the listener's thread (each one's ticket is sent to it).
  const probeKey = new ProbeKey(() => ctx.runtime.clock.now(), (ticket) => listener.running()?.probeIssued(ticket));
  const tunnel = liveTunnel(ctx, options, () => tunnelProbe.tunnelChanged());
  const tunnelProbe = createTunnelProbe(ctx, tunnel, probeKey, options.probeIntervalMs ? { intervalMs: options.probeIntervalMs } : {});
  const listener = new LiveListener(ctx, probeKey, (settings, port) => tunnel.apply(settings, port));
  const listedCount = () => store.count() + ctx.data.imports.importedCount();
  const exports = new LiveExports(ctx.config.dataDir, store, ctx.runtime.jobs, listedCount);
  const unsubscribers: Array<() => void> = [];

  return {
    name: 'live',
    async start() {
      exports.clearFolder();
      const { retainDeliveries, retainBytes } = ctx.config.settings.get().listener;
      const totals = await listener.thread().enforce({ maxDeliveries: retainDeliveries, maxBytes: retainBytes });
      listener.received = totals.count;
      ctx.runtime.status.update('listener', listener.storageStatus(totals));
      unsubscribers.push(ctx.runtime.bus.on('live.received', () => search.scheduleIndexing()));
      // Rows stored before the search index existed (or while it was stopped) get indexed soon,
      // after the first screens have loaded (a search indexes them at once if it comes first).
      search.scheduleIndexing(STARTUP_INDEXING_DELAY_MS);
      await listener.start(ctx.config.settings.get().listener.port);
      tunnelProbe.start();
      tunnel.apply(ctx.config.settings.get().tunnel, listener.port);
      unsubscribers.push(
        ctx.config.settings.onChange(listener.applyChange),
        // A key's value changed (settings name the keys, secrets hold them).
        ctx.config.secrets.onChange(() => listener.configure()),
        ctx.runtime.resendRequests.onChange(() => listener.resends()),
      );
    },
    async stop() {
      listener.beginStop();
      waits.stop();
      for (const u of unsubscribers.splice(0)) u();
      search.stop();
      await listener.settled();
      tunnelProbe.stop();
      tunnel.close();
      await listener.stopThread();
      ctx.runtime.status.update('listener', { state: 'stopped', url: null });
    },
    handlers: liveHandlers(ctx, { listener, exports, waits, tunnel, probe: tunnelProbe.probe, hmac: createKeyedHmac(), listedCount }),
  };
}
