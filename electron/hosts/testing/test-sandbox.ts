import { startSandbox as startEmulator, type RunningSandbox } from '../../emulator';
import { SCENARIOS } from '../../emulator/scenarios';
import { nodeHmac } from '../../services/platform/node-hmac';
import { HistoryClient } from '../../services/service-api/history-client';
import { signBody } from '../../../shared/signing';
import type { WebhookDelivery } from '../../../shared/service';
import type { SandboxDelivery, StartSandbox, TestSandbox } from './api';
import { buildEvent } from './event-overrides';
import { historyFilters } from './delivery-filter';

// The shipped type of a delivery is written out in api.ts; these fail to compile if it drifts from 2.9.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const deliveryTypeMatches: Same<SandboxDelivery, WebhookDelivery> = true;
void deliveryTypeMatches;

/**
 * Starts the payment service's sandbox in this process: the same emulator Hooklab runs, with its
 * real HTTP API on 127.0.0.1, state in memory only.
 */
export const startSandbox: StartSandbox = async (options = {}): Promise<TestSandbox> => {
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
    controlUrl: running.controlUrl,
    controlToken: running.controlToken,
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
};
