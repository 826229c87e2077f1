import { WebhookEventSchema } from '../../shared/service';
import { mergeChaos } from './chaos';
import type { SandboxContext } from './context';
import { controlError } from './control-errors';
import { checkControlRequest, controlAuthorities } from './control-guard';
import { configuredUrls, type DispatchOutcome } from './dispatcher';
import { toDelivery } from './history';
import { isRecord } from '../../shared/validation/is-record';
import { readJson, sendJson } from './http';
import {
  cancelOrder,
  deleteOrder,
  finalizeOrder,
  moveShipping,
  orderView,
  payOrder,
  reverseOrder,
  type MoveResult,
} from './orders';
import type { Handler, RequestContext, Router } from './router';
import { SCENARIOS, runScenario } from './scenarios';
import type { KeyPolicy } from './store-keys';
import type { OrderRecord, StoreRecord } from './types';

/** The credentials and webhook setting of a store, as the control API shows them. */
export function storeCredentials(s: StoreRecord) {
  return {
    storeId: s.storeId,
    clientId: s.clientId,
    clientSecret: s.clientSecret,
    secretKey: s.secretKey,
    webhookKey: s.webhookKey,
    webhookUrl: s.webhookUrl,
  };
}

/** Logged deliveries as delivery objects (see docs/service.md#webhook-delivery), plus a count of those that could not be logged. */
export function deliveriesBody(outcomes: DispatchOutcome[]) {
  return {
    deliveries: outcomes.flatMap((o) => (o.delivery ? [toDelivery(o.delivery)] : [])),
    unlogged: outcomes
      .filter((o) => !o.delivery)
      .map((o) => ({ url: o.url, responseStatusCode: o.responseStatusCode, delivered: o.delivered })),
  };
}

/**
 * Checks a portal webhook setting: empty, or `;`-separated absolute http(s) URLs, each one the
 * embedder's target policy lets the sandbox send to (`refusal` says why not).
 */
export function checkWebhookSetting(v: unknown, field: string, refusal: (url: string) => string | null = () => null): string {
  if (typeof v !== 'string') throw controlError(400, `${field} must be a string`);
  for (const u of configuredUrls(v)) {
    let ok = false;
    try {
      ok = ['http:', 'https:'].includes(new URL(u).protocol);
    } catch {
      ok = false;
    }
    if (!ok) throw controlError(400, `${field}: '${u}' is not an http(s) URL`);
    const refused = refusal(u);
    if (refused !== null) throw controlError(400, `${field}: ${refused}`);
  }
  return v;
}

/** A webhook key given to a store, where the sandbox's key policy lets it take one. */
export function checkGivenKey(policy: KeyPolicy, v: unknown): string {
  if (policy.ownKeysOnly) {
    throw controlError(403, 'this sandbox signs only with keys it generated itself: it takes no webhook key (give your handler the store\'s webhookKey instead)');
  }
  if (typeof v !== 'string' || v === '') throw controlError(400, 'the webhook key must be a non-empty string');
  return v;
}

/** Gives a store a webhook key chosen by its caller (never under an own-keys-only policy). */
export function setGivenKey(policy: KeyPolicy, store: StoreRecord, key: unknown): void {
  store.webhookKey = checkGivenKey(policy, key);
  store.webhookKeyOwn = false;
}

const controlJson = (rc: RequestContext) => readJson(rc.req, (m) => controlError(400, m), true);

async function objectBody(rc: RequestContext): Promise<Record<string, unknown>> {
  const body = await controlJson(rc);
  if (!isRecord(body)) throw controlError(400, 'body must be a JSON object');
  return body;
}

/**
 * The control API under /_sandbox: stores, events, order moves, scenarios, chaos. Every route
 * passes the Host/Origin guard, presents the control token and, with a body, must be JSON (see
 * control-guard.ts).
 */
export function registerControlApi(router: Router, ctx: SandboxContext): void {
  // The port is known once the server listens, after the routes are registered.
  let allowed: ReturnType<typeof controlAuthorities> | null = null;
  const add = (method: string, path: string, handler: Handler) =>
    router.add(method, path, (rc) => {
      allowed ??= controlAuthorities(ctx.baseUrl);
      checkControlRequest(rc.req, allowed, ctx.controlToken);
      return handler(rc);
    });
  const store = (id: string): StoreRecord => {
    const s = ctx.state.stores.get(id);
    if (!s) throw controlError(404, `unknown store ${id}`);
    return s;
  };

  add('POST', '/_sandbox/stores', async (rc) => {
    const body = await objectBody(rc);
    const webhookUrl = body.webhookUrl === undefined ? '' : checkWebhookSetting(body.webhookUrl, 'webhookUrl', ctx.webhookTargetRefusal);
    const webhookKey = body.webhookKey === undefined ? undefined : checkGivenKey(ctx.keys, body.webhookKey);
    const s = ctx.state.createStore({ webhookUrl, ...(webhookKey ? { webhookKey } : {}) });
    sendJson(rc.res, 201, storeCredentials(s));
  });

  add('GET', '/_sandbox/stores/:id', (rc) => {
    const s = store(rc.params[0]!);
    sendJson(rc.res, 200, { ...storeCredentials(s), chaos: s.chaos });
  });

  add('PUT', '/_sandbox/stores/:id/webhook', async (rc) => {
    const s = store(rc.params[0]!);
    const body = await objectBody(rc);
    const url = checkWebhookSetting(body.url, 'url', ctx.webhookTargetRefusal);
    if (body.key !== undefined) setGivenKey(ctx.keys, s, body.key);
    s.webhookUrl = url;
    ctx.state.saveStore(s);
    sendJson(rc.res, 200, storeCredentials(s));
  });

  add('PUT', '/_sandbox/stores/:id/chaos', async (rc) => {
    const s = store(rc.params[0]!);
    s.chaos = mergeChaos(s.chaos, await controlJson(rc));
    ctx.state.saveStore(s);
    sendJson(rc.res, 200, s.chaos);
  });

  add('POST', '/_sandbox/stores/:id/events', async (rc) => {
    const s = store(rc.params[0]!);
    const parsed = WebhookEventSchema.safeParse(await controlJson(rc));
    if (!parsed.success)
      throw controlError(400, `not an event object: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ')}`);
    const outcomes = await ctx.dispatcher.dispatch(s, parsed.data);
    sendJson(rc.res, 201, deliveriesBody(outcomes));
  });

  const order = (key: string): { o: OrderRecord; s: StoreRecord } => {
    const o = ctx.state.findOrder(null, key);
    if (!o) throw controlError(404, `unknown order ${key}`);
    return { o, s: store(o.storeId) };
  };
  const move = (name: string, run: (s: StoreRecord, o: OrderRecord, b: Record<string, unknown>) => Promise<MoveResult>) =>
    add('POST', `/_sandbox/orders/:code/${name}`, async (rc) => {
      const { o, s } = order(rc.params[0]!);
      const r = await run(s, o, await objectBody(rc));
      sendJson(rc.res, 200, { order: orderView(r.order), ...(r.error ? { error: r.error } : {}), ...deliveriesBody(r.outcomes) });
    });
  move('pay', (s, o, b) => payOrder(ctx, s, o, b));
  move('cancel', (s, o, b) => cancelOrder(ctx, s, o, b.reason));
  move('finalize', (s, o) => finalizeOrder(ctx, s, o));
  move('delete', (s, o) => deleteOrder(ctx, s, o));
  move('shipping', (s, o, b) => moveShipping(ctx, s, o, b));
  move('reverse', (s, o, b) => reverseOrder(ctx, s, o, b));

  add('GET', '/_sandbox/scenarios', (rc) => {
    sendJson(rc.res, 200, { scenarios: Object.entries(SCENARIOS).map(([name, s]) => ({ name, description: s.description })) });
  });

  add('POST', '/_sandbox/scenarios/:name', async (rc) => {
    const name = rc.params[0]!;
    if (!SCENARIOS[name]) throw controlError(404, `unknown scenario ${name}; see GET /_sandbox/scenarios`);
    const body = await objectBody(rc);
    const storeId = body.storeId ?? ctx.state.defaultStoreId;
    if (typeof storeId !== 'string') throw controlError(400, 'storeId must be a string');
    // A run id names the scenario's delivery attempts to the sandbox's host (per-attempt progress).
    const runId = body.runId;
    if (runId !== undefined && (typeof runId !== 'string' || runId.length > 64)) throw controlError(400, 'runId must be a string of at most 64 characters');
    const r = await runScenario(ctx, store(storeId), name, runId);
    sendJson(rc.res, 200, { scenario: r.scenario, orderId: r.orderId, orderCode: r.orderCode, ...deliveriesBody(r.outcomes) });
  });
}
