import { createPaymentMethod } from './cards';
import { createCharge } from './charges';
import { chaosDelay, type SandboxContext } from './context';
import { genericError, readJson, sendHtml, sendJson, validationProblem } from './http';
import { orderView } from './orders';
import { createPaymentLink, toPaymentLinkOrder } from './payment-links';
import type { RequestContext, Router } from './router';

const invalidJson = (m: string) => validationProblem({ $: [m] });

/**
 * The main API at {base_url} (see docs/service.md#authentication, docs/service.md#card-payments, docs/service.md#payment-links, docs/service.md#order-by-id). Token failures are 401 with a GenericError body;
 * payment-link calls also accept the store's secret key as bearer (see docs/service.md#authentication).
 */
export function registerServiceApi(router: Router, ctx: SandboxContext): void {
  const authed = async (rc: RequestContext, allowSecretKey = false) => {
    const store = ctx.tokens.authenticate(rc.req, allowSecretKey);
    await chaosDelay(store);
    return store;
  };

  router.add('POST', '/token', async (rc) => {
    const body = await readJson(rc.req, (m) => genericError(400, m));
    sendJson(rc.res, 200, ctx.tokens.issue(body));
  });

  router.add('POST', '/paymentmethods', async (rc) => {
    const store = await authed(rc);
    const body = await readJson(rc.req, invalidJson);
    sendJson(rc.res, 200, createPaymentMethod(ctx.state, store, body));
  });

  router.add('POST', '/charges', async (rc) => {
    const store = await authed(rc);
    const body = await readJson(rc.req, invalidJson);
    sendJson(rc.res, 200, createCharge(ctx, store, body).response);
  });

  router.add('POST', '/paymentlink/checkout', async (rc) => {
    const store = await authed(rc, true);
    const body = await readJson(rc.req, invalidJson);
    sendJson(rc.res, 200, createPaymentLink(ctx, store, body).response);
  });

  router.add('GET', '/paymentlink/order/:code', async (rc) => {
    const store = await authed(rc, true);
    const order = ctx.state.ordersByCode.get(rc.params[0]!);
    if (!order || order.storeId !== store.storeId || order.deleted || order.source !== 'payment-link')
      throw genericError(404, `order ${rc.params[0]} not found`);
    sendJson(rc.res, 200, toPaymentLinkOrder(ctx, store, order));
  });

  router.add('GET', '/api/v3/Orders/:id', async (rc) => {
    const store = await authed(rc);
    const order = ctx.state.findOrder(store.storeId, rc.params[0]!);
    if (!order) throw genericError(404, `order ${rc.params[0]} not found`);
    sendJson(rc.res, 200, orderView(order));
  });

  // The buyer-facing link: a minimal page, since paying is driven by the control API.
  router.add('GET', '/pay/:code', (rc) => {
    const order = ctx.state.ordersByCode.get(rc.params[0]!);
    if (!order || order.deleted) return sendHtml(rc.res, 404, '<!doctype html><p>Enlace de pago desconocido</p>');
    const expired = order.expiresAtMs !== null && ctx.state.clock.now() >= order.expiresAtMs;
    const state = expired && order.status === 'PENDING' ? 'EXPIRADO' : order.status;
    sendHtml(
      rc.res,
      200,
      `<!doctype html><html lang="es"><meta charset="utf-8"><title>Pago ${order.orderCode}</title>
<h1>${escapeHtml(order.name)}</h1><p>Total: $${order.total.toFixed(2)} - Estado: ${state}</p>
<p>Sandbox: pague con <code>POST /_sandbox/orders/${order.orderCode}/pay</code>.</p></html>`,
    );
  });
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
