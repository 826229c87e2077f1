import { randomBytes } from 'node:crypto';
import type { CoreContext, Feature } from '../core/feature';
import { CallError } from '../../shared/contract/errors';
import type { KnownKey } from '../../shared/signing/diagnose';
import type { Settings, WebhookKeyInfo } from '../../shared/settings';
import { createKeyedHmac } from '../listener/keyed-hmac';
import { DeliveryStore } from '../listener/delivery-store';
import { setKeyEnvironment } from './key-environments';
import { ListenerServer } from '../listener/listener-server';
import { TunnelService } from '../tunnel/tunnel-service';
import { deliveryDetail, exportLine } from './delivery-view';
import { DeliverySearch } from './delivery-search';
import { withBodyKinds } from './body-kind';

/** How long after start the backlog of the search index (an upgrade's backfill) is indexed. */
const STARTUP_INDEXING_DELAY_MS = 2000;

export interface LiveFeatureOptions {
  readonly tunnelOpenTimeoutMs?: number;
}

/**
 * The Live area: listener, forwarding and tunnel wired to settings (applied without restart),
 * status and the contract's live.* calls and events.
 */
export function createLiveFeature(ctx: CoreContext, options: LiveFeatureOptions = {}): Feature {
  const store = new DeliveryStore(ctx.db);
  const search = new DeliverySearch(ctx.db, {
    onError: (error) => ctx.log.error('search indexing failed', { message: (error as Error)?.message }),
  });
  let received = 0;
  const keys = (): KnownKey[] =>
    ctx.settings
      .get()
      .listener.keys.map((k) => ({ id: k.id, accepted: k.accepted, value: ctx.secrets.get(`webhookKey:${k.id}`) }))
      .filter((k): k is KnownKey => k.value !== undefined);

  const listener = new ListenerServer({
    store,
    hmac: createKeyedHmac(),
    settings: () => ctx.settings.get().listener,
    keys,
    now: () => ctx.clock.now(),
    onStored: (deliveries) => {
      received += deliveries.length;
      search.scheduleIndexing();
      ctx.bus.emit('live.received', { deliveries: withBodyKinds(store, deliveries) });
      ctx.status.update('listener', { received });
    },
    onForwarded: (id, handler, answeredStatus) => ctx.bus.emit('live.forwarded', { id, handler, answeredStatus }),
    onError: (message, error) => ctx.log.error(message, { message: (error as Error)?.message }),
  });

  const tunnel = new TunnelService({
    onStatus: (patch) => ctx.status.update('tunnel', patch),
    onPublicUrl: (url) => ctx.settings.update({ tunnel: { lastPublicUrl: url } }),
    log: (message, fields) => ctx.log.warn(message, fields),
    ...(options.tunnelOpenTimeoutMs ? { openTimeoutMs: options.tunnelOpenTimeoutMs } : {}),
  });

  async function startListener(port: number): Promise<void> {
    ctx.status.update('listener', { state: 'starting', port, error: null });
    try {
      const bound = await listener.start(port);
      const url = `http://127.0.0.1:${bound}/`;
      ctx.status.update('listener', { state: 'listening', port: bound, url, error: null, received });
      // Scripts (and the kill -9 test) find the port in this line.
      ctx.log.info(`Listening for webhooks on ${url}`);
    } catch (error) {
      const message = (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? `port ${port} is already in use` : (error as Error).message;
      ctx.status.update('listener', { state: 'error', port, url: null, error: message });
      ctx.log.error('listener could not start', { message });
    }
  }

  // Serialised so quick successive port changes never race two servers for one port.
  let applying: Promise<void> = Promise.resolve();
  const applyChange = (next: Settings, prev: Settings) => {
    applying = applying.then(async () => {
      listener.applySettings(next.listener);
      if (next.listener.port !== prev.listener.port || listener.port === null) {
        await listener.stop();
        await startListener(next.listener.port);
      }
      tunnel.apply(next.tunnel, listener.port);
    });
  };
  let unsubscribe: (() => void) | null = null;
  const requireEnvironment = (environmentId: string | null) => {
    if (environmentId !== null && !ctx.environments.isKnown(environmentId)) {
      throw new CallError('not-found', `no environment ${environmentId}`);
    }
  };

  const updateKeys = (change: (keys: WebhookKeyInfo[]) => WebhookKeyInfo[]) =>
    ctx.settings.update({ listener: { keys: change(ctx.settings.get().listener.keys) } });

  return {
    name: 'live',
    async start() {
      received = store.count();
      // Rows stored before the search index existed (or while it was stopped) get indexed soon,
      // after the first screens have loaded (a search indexes them at once if it comes first).
      search.scheduleIndexing(STARTUP_INDEXING_DELAY_MS);
      await startListener(ctx.settings.get().listener.port);
      tunnel.apply(ctx.settings.get().tunnel, listener.port);
      unsubscribe = ctx.settings.onChange(applyChange);
    },
    async stop() {
      unsubscribe?.();
      search.stop();
      await applying;
      tunnel.close();
      await listener.stop();
      ctx.status.update('listener', { state: 'stopped', url: null });
    },
    handlers: {
      'live.list': async ({ beforeId, limit }) => {
        const rows = withBodyKinds(store, store.list(beforeId, limit));
        const last = rows.at(-1);
        return { rows, total: store.count(), nextBeforeId: rows.length === limit && last ? last.id : null };
      },
      'live.get': async ({ id }) => {
        const detail = deliveryDetail(store, id);
        if (!detail) throw new CallError('not-found', `no delivery ${id}`);
        return detail;
      },
      'live.export': async ({ ids, afterId, limit }) => {
        const rows = store.exportRows({ ...(ids ? { ids } : {}), afterId, limit });
        const last = rows.at(-1);
        return {
          ndjson: rows.map((r) => exportLine(r) + '\n').join(''),
          count: rows.length,
          nextAfterId: rows.length === limit && last ? last.summary.id : null,
        };
      },
      'live.search': async ({ query, limit }) => search.search(query, limit),
      'live.clear': async () => {
        store.clear();
        received = 0;
        ctx.status.update('listener', { received });
        ctx.bus.emit('live.cleared', {});
        return { ok: true as const };
      },
      'live.addKey': async ({ label, value, environmentId }) => {
        requireEnvironment(environmentId);
        const id = `k${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
        ctx.secrets.set(`webhookKey:${id}`, value);
        updateKeys((keys) => [{ id, label, addedAt: new Date(ctx.clock.now()).toISOString(), accepted: true, environmentId }, ...keys]);
        return { ok: true as const };
      },
      'live.setKeyEnvironment': async ({ id, environmentId }) => {
        requireEnvironment(environmentId);
        if (!setKeyEnvironment(ctx.settings, id, environmentId)) throw new CallError('not-found', `no key ${id}`);
        return { ok: true as const };
      },
      'live.setKeyAccepted': async ({ id, accepted }) => {
        if (!ctx.settings.get().listener.keys.some((k) => k.id === id)) throw new CallError('not-found', `no key ${id}`);
        updateKeys((keys) => keys.map((k) => (k.id === id ? { ...k, accepted } : k)));
        return { ok: true as const };
      },
      'live.removeKey': async ({ id }) => {
        updateKeys((keys) => keys.filter((k) => k.id !== id));
        if (/^[a-zA-Z0-9_-]{1,64}$/.test(id)) ctx.secrets.delete(`webhookKey:${id}`);
        return { ok: true as const };
      },
      'live.reconnectTunnel': async () => {
        tunnel.reconnect();
        return { ok: true as const };
      },
    },
  };
}
