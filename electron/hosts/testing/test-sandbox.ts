import { startSandbox as startEmulator, type RunningSandbox } from '../../emulator';
import { SCENARIOS } from '../../emulator/scenarios';
import { nodeHmac } from '../../services/platform/node-hmac';
import { HistoryClient } from '../../services/service-api/history-client';
import { signBody } from '../../../shared/signing';
import type { WebhookDelivery } from '../../../shared/service';
import { buildEvent, type EventOverrides } from './event-overrides';
import { historyFilters, type DeliveryFilter } from './delivery-filter';

/** Options of startSandbox; every field is optional. */
export interface TestSandboxOptions {
  /** Where the service sends webhooks (`;` separates several URLs, as in the portal). */
  webhookUrl?: string;
  /** TCP port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** The webhook signing key; a fresh random one when absent. */
  webhookKey?: string;
  /** Time source for tokens, event timestamps and expiry; default the system clock. */
  clock?: { now(): number };
  /** Base delay between the service's automatic retries (attempt n waits n x this); default 1000 ms. */
  retryDelayMs?: number;
}

/** The test store's credentials: throwaway values generated for this sandbox. */
export interface SandboxCredentials {
  clientId: string;
  clientSecret: string;
  secretKey: string;
  webhookKey: string;
}

/** What a scenario did: its order and every delivery it logged, in emission order. */
export interface ScenarioRun {
  scenario: string;
  orderId: string;
  orderCode: string;
  deliveries: WebhookDelivery[];
}

/** A running sandbox of the payment service, for an integrator's own tests. */
export interface TestSandbox {
  /** `http://127.0.0.1:PORT`: {base_url} of the service (token, payment methods, charges, payment links). */
  readonly baseUrl: string;
  /** `{base_url}/api/v3`: {api_v3_url} of the delivery-history API. */
  readonly apiV3Url: string;
  readonly port: number;
  readonly credentials: SandboxCredentials;
  /** Sends one signed event of `eventType` (its template, with `overrides` merged in) and returns its delivery as the history API shows it. */
  trigger(eventType: string, overrides?: EventOverrides): Promise<WebhookDelivery>;
  /** Plays a named scenario of the sandbox to the end (see `scenarios`). */
  runScenario(name: string): Promise<ScenarioRun>;
  /** Names of every scenario runScenario accepts. */
  readonly scenarios: readonly string[];
  /** The deliveries the history API lists for the filter, every page, newest first. */
  deliveries(filter?: DeliveryFilter): Promise<WebhookDelivery[]>;
  /** The X-Svc-Hmac-Sha256 value of a raw body under the current webhook key. */
  sign(rawBody: string | Uint8Array): string;
  /** Changes the portal webhook setting (`;`-separated URLs; empty: no webhooks). */
  setWebhookUrl(url: string): Promise<void>;
  /** The next `count` delivery attempts (retries and resends included) fail with `status` without reaching the receiver. */
  failNext(count: number, status?: number): Promise<void>;
  /** Forgets orders, payments and delivery history; credentials and the webhook URL stay. */
  reset(): Promise<void>;
  /** Stops the server, cuts deliveries in flight short and frees the port. */
  close(): Promise<void>;
}

/**
 * Starts the payment service's sandbox in this process: the same emulator Hooklab runs, with its
 * real HTTP API on 127.0.0.1, state in memory only.
 */
export async function startSandbox(options: TestSandboxOptions = {}): Promise<TestSandbox> {
  const running: RunningSandbox = await startEmulator({
    port: options.port ?? 0,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.retryDelayMs !== undefined ? { retryDelayMs: options.retryDelayMs } : {}),
    defaultStore: {
      webhookUrl: options.webhookUrl ?? '',
      ...(options.webhookKey !== undefined ? { webhookKey: options.webhookKey } : {}),
    },
  });
  const storeId = running.defaultStore.storeId;
  const store = () => running.getStore(storeId)!;
  const history = new HistoryClient({
    connection: {
      baseUrl: running.baseUrl,
      apiV3Url: running.apiV3Url,
      clientId: running.defaultStore.clientId,
      clientSecret: running.defaultStore.clientSecret,
    },
    fetch: globalThis.fetch.bind(globalThis),
    clock: options.clock ?? { now: () => Date.now() },
  });
  const { clientId, clientSecret, secretKey } = running.defaultStore;

  return {
    baseUrl: running.baseUrl,
    apiV3Url: running.apiV3Url,
    port: running.port,
    get credentials() {
      return { clientId, clientSecret, secretKey, webhookKey: store().webhookKey };
    },
    scenarios: Object.keys(SCENARIOS),
    async trigger(eventType, overrides) {
      const event = buildEvent(eventType, overrides);
      if (store().webhookUrl.trim() === '') {
        throw new Error('the sandbox has no webhook URL: pass webhookUrl to startSandbox or call setWebhookUrl');
      }
      const [first] = await running.dispatchEvent(storeId, event);
      if (!first) throw new Error('the delivery was not logged');
      return first;
    },
    async runScenario(name) {
      if (!Object.hasOwn(SCENARIOS, name)) {
        throw new Error(`unknown scenario "${name}"; known scenarios: ${Object.keys(SCENARIOS).join(', ')}`);
      }
      const r = await running.runScenario(name, storeId);
      const ids = r.outcomes.flatMap((o) => (o.delivery ? [o.delivery.id] : []));
      return { scenario: r.scenario, orderId: r.orderId, orderCode: r.orderCode, deliveries: await Promise.all(ids.map((id) => history.get(id))) };
    },
    async deliveries(filter = {}) {
      const filters = historyFilters(filter);
      const out: WebhookDelivery[] = [];
      for (let page = 1; ; page++) {
        const list = await history.list({ ...(filters ? { filters } : {}), page, pageSize: 100 });
        out.push(...list.webhookEvents);
        if (list.webhookEvents.length < 100 || out.length >= list.totalCount) return out;
      }
    },
    sign: (rawBody) => signBody(nodeHmac, store().webhookKey, rawBody),
    async setWebhookUrl(url) {
      running.setWebhook(storeId, url);
    },
    async failNext(count, status = 500) {
      if (!Number.isInteger(count) || count < 0) throw new Error('failNext: count must be a whole number, 0 or more');
      if (!Number.isInteger(status) || status < 100 || status > 599) throw new Error('failNext: status must be an HTTP status (100-599)');
      running.failNext(storeId, count, status);
    },
    reset: () => running.reset(),
    close: () => running.close(),
  };
}
