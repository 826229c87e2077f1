import { chaosDelay, type SandboxContext } from './context';
import { getDelivery, listDeliveries, resendDelivery, toDelivery } from './history';
import { genericError, sendJson } from './http';
import type { RequestContext, Router } from './router';

/**
 * The delivery-history API under {api_v3_url} (see docs/service.md#delivery-history-api). Error bodies, which the spec leaves
 * open, use the sandbox's GenericError shape.
 */
export function registerHistoryApi(router: Router, ctx: SandboxContext): void {
  const authed = async (rc: RequestContext) => {
    const store = ctx.tokens.authenticate(rc.req, false);
    await chaosDelay(store);
    return store;
  };

  router.add('GET', '/api/v3/WebhookEvents', async (rc) => {
    // The query must be URL-encoded: a raw '<' or '>' is rejected with 404 (see docs/service.md#filters, docs/service.md#delivery-history-errors).
    const q = rc.rawUrl.indexOf('?');
    if (q >= 0 && /[<>]/.test(rc.rawUrl.slice(q))) throw genericError(404, "raw '<' or '>' in the query string");
    const store = await authed(rc);
    const p = rc.url.searchParams;
    const body = listDeliveries(ctx.state.deliveries.get(store.storeId) ?? [], {
      filters: getParam(p, 'filters'),
      sorts: getParam(p, 'sorts'),
      page: getParam(p, 'page'),
      pageSize: getParam(p, 'pageSize'),
    });
    sendJson(rc.res, 200, body);
  });

  router.add('GET', '/api/v3/WebhookEvents/:id', async (rc) => {
    const store = await authed(rc);
    sendJson(rc.res, 200, toDelivery(getDelivery(ctx.state, store.storeId, rc.params[0]!)));
  });

  router.add('POST', '/api/v3/WebhookEvents/:id/Resend', async (rc) => {
    const store = await authed(rc);
    const original = getDelivery(ctx.state, store.storeId, rc.params[0]!);
    const d = await resendDelivery(ctx.state, ctx.dispatcher, store, original);
    sendJson(rc.res, 200, toDelivery(d));
  });
}

/** Query parameters bind case-insensitively in ASP.NET; the first occurrence wins. */
function getParam(p: URLSearchParams, name: string): string | null {
  for (const [k, v] of p) if (k.toLowerCase() === name.toLowerCase()) return v;
  return null;
}
