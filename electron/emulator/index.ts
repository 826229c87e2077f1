import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock } from '../services/platform/clock';
import { nodeHmac } from '../services/platform/node-hmac';
import { EVENT_TYPES, type WebhookDelivery, type WebhookEvent } from '../../shared/service';
import { TokenIssuer } from './auth';
import { mergeChaos } from './chaos';
import { registerChallengePage } from './challenge-page';
import type { SandboxContext } from './context';
import { checkGivenKey, checkWebhookSetting, registerControlApi, setGivenKey, storeCredentials } from './control';
import { newControlToken } from './control-guard';
import { Dispatcher, type DeliveryAttempt } from './dispatcher';
import { toDelivery } from './history';
import { registerHistoryApi } from './history-api';
import { openIdSpace } from './id-space';
import { memoryPersistence, sqlitePersistence } from './persistence';
import { Router } from './router';
import { runScenario, type ScenarioResult } from './scenarios';
import { registerServiceApi } from './service-api';
import { SandboxState } from './state';
import { storeHandles } from './store-handles';
import { ANY_KEY, replaceForeignKeys, type KeyPolicy } from './store-keys';
import type { ChaosSettings, DeliveryRecord, StoreRecord } from './types';

export type { ChaosSettings } from './types';
export type { ScenarioResult } from './scenarios';
export type { DeliveryAttempt } from './dispatcher';

/** Options of startSandbox. Every field is optional. */
export interface SandboxOptions {
  /** TCP port; 0 (default) picks a free one. */
  port?: number;
  /** Interface to bind; default 127.0.0.1 (the sandbox is for this machine only). */
  host?: string;
  /** Persist stores, orders and history in dataDir/sandbox.sqlite; in memory when absent. */
  dataDir?: string;
  /**
   * The Hooklab data folder whose id space (id-space.ts) this sandbox takes event and order ids
   * from, so they never collide with its other sandboxes'; absent: ids count from 1 (and 100001).
   */
  idSpaceDir?: string;
  /** Access token lifetime (expiresIn); default 3600. */
  tokenLifetimeSeconds?: number;
  /** Base delay between automatic retries (attempt n waits n x this); default 1000. */
  retryDelayMs?: number;
  /** Per-attempt webhook timeout; default 10000. */
  deliveryTimeoutMs?: number;
  /** 3DS challenge lifetime; default 300. */
  challengeTimeoutSeconds?: number;
  /** Time source for tokens, timestamps, link and challenge expiry. */
  clock?: Clock;
  /** Random source for chaos rates; default Math.random. */
  random?: () => number;
  /** Told of every delivery attempt (the embedding app counts a scenario's attempts by its runId). */
  onAttempt?: (attempt: DeliveryAttempt) => void;
  /** Webhook setting of the default store, applied on every start when given. */
  defaultStore?: { webhookUrl?: string; webhookKey?: string };
  /**
   * The token every control API call must present (`Authorization: Bearer …`); a fresh random
   * one when absent. Whoever starts the sandbox gets it back as `controlToken`.
   */
  controlToken?: string;
  /**
   * Sign only with keys this sandbox generated (the app's embedded sandbox): a given key is
   * refused, and a store holding another key (one an earlier version adopted) gets a new one at
   * start. `foreign`: key values known not to be the sandbox's (the listener's other keys).
   */
  ownKeysOnly?: { foreign?: readonly string[] };
  /** Why a webhook URL may not be set (the embedder's target policy), or null; default: any http(s) URL. */
  webhookTargetRefusal?: (url: string) => string | null;
}

/** A store's credentials and portal webhook setting. */
export interface StoreCredentials {
  storeId: string;
  clientId: string;
  clientSecret: string;
  secretKey: string;
  webhookKey: string;
  webhookUrl: string;
}

/** A started sandbox and its programmatic helpers. */
export interface RunningSandbox {
  /** `http://127.0.0.1:PORT` ({base_url}). */
  baseUrl: string;
  /** `{base_url}/api/v3` ({api_v3_url}). */
  apiV3Url: string;
  /** `{base_url}/_sandbox`. */
  controlUrl: string;
  port: number;
  /** What control API calls present as `Authorization: Bearer <controlToken>`; only for the one who started the sandbox. */
  controlToken: string;
  /** The stores whose webhook key was replaced at start (a key the sandbox had not generated, under ownKeysOnly). */
  replacedKeys: readonly string[];
  /** The default store (stable across restarts when dataDir is given). */
  defaultStore: StoreCredentials;
  /** Creates an isolated store with fresh credentials. */
  createStore(opts?: { webhookUrl?: string; webhookKey?: string }): StoreCredentials;
  /** A store's credentials, or null when unknown. */
  getStore(storeId: string): StoreCredentials | null;
  /** Changes the portal webhook setting (`;`-separated URLs, may be empty) and optionally the key. */
  setWebhook(storeId: string, url: string, key?: string): StoreCredentials;
  /** Merges chaos settings for a store (same rules as PUT /_sandbox/stores/{id}/chaos). */
  setChaos(storeId: string, chaos: Partial<ChaosSettings> & { reset?: boolean }): ChaosSettings;
  /** Dispatches an event (see docs/service.md#webhook-event) and resolves with its logged deliveries once all have finished. */
  dispatchEvent(storeId: string, event: WebhookEvent): Promise<WebhookDelivery[]>;
  /** Runs a named scenario to completion. */
  runScenario(name: string, storeId?: string): Promise<ScenarioResult>;
  /** The store's next `count` delivery attempts fail with `status` without being sent (see Dispatcher.failNext). */
  failNext(storeId: string, count: number, status: number): void;
  /**
   * Waits for deliveries in flight, then forgets orders, payments and delivery history and
   * clears every store's chaos and forced failures; stores, credentials and webhook settings
   * stay. Only for an in-memory sandbox (throws when started with dataDir).
   */
  reset(): Promise<void>;
  /** Appends `count` finished deliveries to a store's history without sending (benchmarks). */
  seedDeliveries(storeId: string, count: number): { firstId: number; lastId: number };
  /** Resolves when every delivery in flight (and any started meanwhile) has finished. */
  idle(): Promise<void>;
  /** Stops listening, cuts in-flight deliveries short, closes the database. */
  close(): Promise<void>;
}

/** Starts the sandbox: the service API, the v3 history API, the challenge page and /_sandbox. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const clock = options.clock ?? systemClock;
  const persistence = options.dataDir ? sqlitePersistence(options.dataDir) : memoryPersistence();
  const ids = options.idSpaceDir ? openIdSpace(options.idSpaceDir) : null;
  const state = new SandboxState(persistence, clock, ids);
  const keys: KeyPolicy = options.ownKeysOnly ? { ownKeysOnly: true, foreign: options.ownKeysOnly.foreign ?? [] } : ANY_KEY;
  const targetRefusal = options.webhookTargetRefusal ?? (() => null);
  const dispatcher = new Dispatcher(state, {
    hmac: nodeHmac,
    retryDelayMs: options.retryDelayMs ?? 1000,
    timeoutMs: options.deliveryTimeoutMs ?? 10_000,
    ...(options.random ? { random: options.random } : {}),
    ...(options.onAttempt ? { onAttempt: options.onAttempt } : {}),
  });
  const ctx: SandboxContext = {
    state,
    tokens: new TokenIssuer(state, options.tokenLifetimeSeconds ?? 3600),
    dispatcher,
    settings: { challengeTimeoutSeconds: options.challengeTimeoutSeconds ?? 300 },
    baseUrl: '',
    controlToken: options.controlToken ?? newControlToken(),
    keys,
    webhookTargetRefusal: targetRefusal,
  };
  const router = new Router();
  registerServiceApi(router, ctx);
  registerHistoryApi(router, ctx);
  registerChallengePage(router, ctx);
  registerControlApi(router, ctx);

  let defaultStore: StoreRecord;
  let replacedKeys: string[];
  try {
    replacedKeys = replaceForeignKeys([...state.stores.values()], keys, (s) => state.saveStore(s));
    defaultStore = ensureDefaultStore(ctx, options.defaultStore);
  } catch (err) {
    persistence.close();
    ids?.close();
    throw err;
  }
  const server = http.createServer((req, res) => void router.handle(req, res));
  server.on('clientError', (_err, socket) => socket.destroy());
  const host = options.host ?? '127.0.0.1';
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => resolve());
    });
  } catch (err) {
    persistence.close();
    ids?.close();
    throw err;
  }
  const port = (server.address() as AddressInfo).port;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  ctx.baseUrl = `http://${hostPart}:${port}`;

  const { mustStore, ...stores } = storeHandles(ctx);
  let closed = false;
  return {
    baseUrl: ctx.baseUrl,
    apiV3Url: `${ctx.baseUrl}/api/v3`,
    controlUrl: `${ctx.baseUrl}/_sandbox`,
    port,
    controlToken: ctx.controlToken,
    replacedKeys,
    defaultStore: storeCredentials(defaultStore),
    ...stores,
    dispatchEvent: async (id, event) => {
      const outcomes = await dispatcher.dispatch(mustStore(id), event);
      return outcomes.flatMap((o) => (o.delivery ? [toDelivery(o.delivery)] : []));
    },
    runScenario: (name, storeId) => runScenario(ctx, mustStore(storeId ?? defaultStore.storeId), name),
    failNext: (id, count, status) => dispatcher.failNext(mustStore(id).storeId, count, status),
    reset: async () => {
      if (options.dataDir) throw new Error('reset() is only for an in-memory sandbox (started without dataDir)');
      await dispatcher.idle();
      state.clearActivity();
      for (const s of state.stores.values()) {
        s.chaos = mergeChaos(s.chaos, { reset: true });
        dispatcher.failNext(s.storeId, 0, 0);
      }
    },
    seedDeliveries: (id, count) => seed(state, mustStore(id), count),
    idle: () => dispatcher.idle(),
    close: async () => {
      if (closed) return;
      closed = true;
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await dispatcher.close();
      await stopped;
      persistence.close();
      ids?.close();
    },
  };
}

function ensureDefaultStore(ctx: SandboxContext, opts: SandboxOptions['defaultStore']): StoreRecord {
  const { state } = ctx;
  // Checked before a new store is made, so a refused option leaves no store behind.
  const url = opts?.webhookUrl === undefined ? undefined : checkWebhookSetting(opts.webhookUrl, 'webhookUrl', ctx.webhookTargetRefusal);
  if (opts?.webhookKey !== undefined) checkGivenKey(ctx.keys, opts.webhookKey);
  const existing = state.defaultStoreId ? state.stores.get(state.defaultStoreId) : undefined;
  const store = existing ?? state.createStore({ name: 'Tienda Sandbox' });
  if (!existing) state.setDefaultStore(store.storeId);
  if (url !== undefined) store.webhookUrl = url;
  if (opts?.webhookKey !== undefined) setGivenKey(ctx.keys, store, opts.webhookKey);
  state.saveStore(store);
  return store;
}

/** Seeds finished deliveries straight into the log: one transaction, no HTTP. */
function seed(state: SandboxState, store: StoreRecord, count: number): { firstId: number; lastId: number } {
  const records: DeliveryRecord[] = [];
  const ms = state.clock.now();
  const created = new Date(ms).toISOString();
  const firstId = count > 0 ? state.reserveDeliveryIds(count) : 0;
  for (let i = 0; i < count; i++) {
    const id = firstId + i;
    const type = EVENT_TYPES[i % EVENT_TYPES.length]!;
    const payload = JSON.stringify({
      orderId: String(200_000 + i),
      orderReference: `seed-${i}`,
      orderType: 'FASTLINK_CHARGE',
      description: 'La orden fue creada',
      level: 'Info',
      type,
      metadata: null,
    });
    const delivered = i % 10 !== 0;
    records.push({
      id, storeId: store.storeId, eventId: id, eventType: type, eventCreated: created,
      url: 'http://127.0.0.1:9/webhook', payload, responseStatusCode: delivered ? 200 : 500,
      delivered, created, createdMs: ms,
    });
  }
  state.logDeliveries(records);
  return { firstId: records[0]?.id ?? 0, lastId: records[records.length - 1]?.id ?? 0 };
}
