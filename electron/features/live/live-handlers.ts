import type { Handlers } from '../../../shared/contract';
import { CallError } from '../../../shared/contract/errors';
import type { HmacSha256 } from '../../../shared/signing';
import { withinListingBudget } from '../../../shared/text/listing-budget';
import { deliveryDetail, exportLine } from './delivery-view';
import type { LiveExports } from './export-job';
import type { DeliveryWaits } from './delivery-wait';
import { createImportCall } from './import/import-call';
import type { LiveListener } from './live-listener';
import type { TunnelService } from './tunnel/tunnel-service';
import type { PublicUrlProbe } from './probe/public-url-probe';
import type { LiveDeps } from './deps';

/** The activity strip's default range: the last hour. */
const HOUR_MS = 3_600_000;

/** What Live's calls share with its start and stop. */
export interface LiveParts {
  readonly listener: LiveListener;
  readonly exports: LiveExports;
  readonly waits: DeliveryWaits;
  readonly tunnel: TunnelService;
  readonly probe: PublicUrlProbe;
  readonly hmac: HmacSha256;
  /** What Live lists: received deliveries and imported requests. */
  listedCount(): number;
}

/** live.* calls that read the received deliveries: listing, detail, body, export, search, activity. */
function readHandlers(ctx: LiveDeps, { exports, hmac, listedCount }: LiveParts): Partial<Handlers> {
  const store = ctx.data.deliveries;
  return {
    'live.list': async ({ beforeId, limit }) => {
      const listed = store.list(beforeId, limit);
      // Bounded in bytes as well as rows: a page cut short by the budget pages on from its last row.
      const rows = withinListingBudget(listed);
      const last = rows.at(-1);
      return { rows, total: listedCount(), nextBeforeId: (rows.length === limit || rows.length < listed.length) && last ? last.id : null };
    },
    'live.get': async ({ id, bodyBytes }) => {
      const environmentId = ctx.config.environments.activeInfo().id;
      const detail = deliveryDetail(store, id, { bodyBytes, copies: { history: ctx.data.history, environmentId, hmac, keys: ctx.config.webhookKeys.known() } });
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
    'live.exportResult': async ({ jobId, offset }) => exports.read(jobId, offset),
    'live.search': async ({ query, limit }) => ctx.data.search.search(query, limit),
    'live.activity': async ({ fromMs, toMs }) => {
      const to = toMs ?? (fromMs !== undefined ? fromMs + HOUR_MS : ctx.runtime.clock.now());
      return ctx.data.activity.read(fromMs ?? to - HOUR_MS, to);
    },
  };
}

/** The live.* calls. */
export function liveHandlers(ctx: LiveDeps, parts: LiveParts): Partial<Handlers> {
  const { listener, waits, tunnel, probe, hmac } = parts;
  return {
    ...readHandlers(ctx, parts),
    'live.import': createImportCall(ctx, hmac, () => ctx.data.search.scheduleIndexing()),
    'live.importedHistory': async ({ eventId, limit }) => ({ deliveries: ctx.data.imports.historyOf(eventId, limit) }),
    'live.waitForDelivery': (args) => waits.wait(args),
    'live.clear': async () => {
      ctx.data.deliveries.clear();
      listener.received = 0;
      ctx.runtime.status.update('listener', { received: 0, ...listener.storageStatus() });
      ctx.runtime.bus.emit('live.cleared', {});
      return { ok: true as const };
    },
    'live.reconnectTunnel': async () => {
      tunnel.reconnect();
      return { ok: true as const };
    },
    'live.probePublicUrl': async () => probe.probeNow(),
  };
}
