import type { ThreeDsFrameMessage, ThreeDsStatus } from '../../shared/service';
import { jsonLiteral } from '../../shared/text/json-literal';
import { emit, type SandboxContext } from './context';
import type { DispatchOutcome } from './dispatcher';
import { threeDsEvent } from './events';
import { isRecord } from '../../shared/validation/is-record';
import { genericError, readJson, sendHtml, sendJson } from './http';
import type { Router } from './router';
import type { AuthenticationRecord } from './types';

const FINAL: ThreeDsStatus[] = ['SUCCESS', 'FAILED', 'ERROR', 'EXPIRED'];

/** The frame message (see docs/service.md#3-d-secure-frame-message) for an authentication's current status. */
export function frameMessage(a: AuthenticationRecord): ThreeDsFrameMessage {
  return {
    MessageType: a.status === 'SUCCESS' ? 'authentication.complete' : 'authentication.failed',
    Status: a.status,
    AuthenticationId: a.id,
    OrderId: a.orderReference,
    OrderAmount: a.amount,
  };
}

/**
 * Moves a PENDING authentication to a final status and emits its 3DS event. A decided
 * authentication keeps its first outcome (the buyer cannot re-decide). Returns the emitted
 * deliveries' promise, or an empty list when nothing changed.
 */
export function settleAuthentication(
  ctx: SandboxContext,
  a: AuthenticationRecord,
  status: ThreeDsStatus,
): Promise<DispatchOutcome[]> {
  if (a.status !== 'PENDING' || status === 'PENDING') return Promise.resolve([]);
  a.status = status;
  ctx.state.saveAuthentication(a);
  const order = ctx.state.orders.get(a.orderId);
  const store = ctx.state.stores.get(a.storeId);
  const event = order ? threeDsEvent(order, a) : null;
  return store && event ? emit(ctx, store, event) : Promise.resolve([]);
}

/** Expires a PENDING authentication whose time is up (checked lazily on every access). */
export function refreshExpiry(ctx: SandboxContext, a: AuthenticationRecord): void {
  if (a.status === 'PENDING' && ctx.state.clock.now() >= a.expiresAtMs) void settleAuthentication(ctx, a, 'EXPIRED');
}

/**
 * The issuing bank's challenge page (`authentication.url`) and the endpoint its buttons call.
 * The page posts the frame message (docs/service.md#3-d-secure-frame-message) to window.parent once the buyer decides or time runs out.
 */
export function registerChallengePage(router: Router, ctx: SandboxContext): void {
  router.add('GET', '/3ds/challenge/:id', (rc) => {
    const a = ctx.state.authentications.get(rc.params[0]!);
    if (!a) return sendHtml(rc.res, 404, '<!doctype html><p>Autenticación desconocida</p>');
    refreshExpiry(ctx, a);
    const remainingMs = Math.max(0, a.expiresAtMs - ctx.state.clock.now());
    sendHtml(rc.res, 200, page(a, remainingMs));
  });

  router.add('POST', '/3ds/challenge/:id/result', async (rc) => {
    const a = ctx.state.authentications.get(rc.params[0]!);
    if (!a) throw genericError(404, 'unknown authentication');
    const body = await readJson(rc.req, (m) => genericError(400, m));
    const outcome = isRecord(body) ? body.outcome : undefined;
    if (typeof outcome !== 'string' || !FINAL.includes(outcome as ThreeDsStatus))
      throw genericError(400, `outcome must be one of ${FINAL.join(', ')}`);
    refreshExpiry(ctx, a);
    void settleAuthentication(ctx, a, outcome as ThreeDsStatus);
    sendJson(rc.res, 200, frameMessage(a));
  });
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(a: AuthenticationRecord, remainingMs: number): string {
  // The order id is the merchant's text inside an inline script: jsonLiteral escapes '<', so a
  // `</script>` in it stays a string instead of closing the script.
  const decided = a.status !== 'PENDING' ? jsonLiteral(frameMessage(a)) : 'null';
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>Banco Sandbox - Verificación 3-D Secure</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:1.5rem auto;color:#1b2733}
button{display:block;width:100%;margin:.4rem 0;padding:.6rem;font-size:1rem;cursor:pointer}
.muted{color:#5b6b7b;font-size:.85rem}</style></head>
<body>
<h1>Banco Sandbox</h1>
<p>Verificación de compra por <strong>${esc(a.amount.toFixed(2))}</strong> (orden ${esc(a.orderReference)}).</p>
<p class="muted">Página de prueba del emisor. Elija el resultado de la autenticación.</p>
<button data-outcome="SUCCESS">Autenticar</button>
<button data-outcome="FAILED">Fallar autenticación</button>
<button data-outcome="ERROR">Error del procesador</button>
<button data-outcome="EXPIRED">Dejar expirar</button>
<p id="status" class="muted" role="status">Tiempo restante: <span id="left"></span> s</p>
<script>
(function () {
  var decided = ${decided};
  var remaining = ${remainingMs};
  var done = false;
  function post(msg) {
    done = true;
    document.getElementById('status').textContent = 'Resultado: ' + msg.Status;
    window.parent.postMessage(msg, '*');
  }
  function decide(outcome) {
    if (done) return;
    done = true;
    fetch(location.pathname.replace(/\\/$/, '') + '/result', {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ outcome: outcome })
    }).then(function (r) { return r.json(); }).then(post);
  }
  if (decided) { post(decided); return; }
  document.querySelectorAll('button[data-outcome]').forEach(function (b) {
    b.addEventListener('click', function () { decide(b.getAttribute('data-outcome')); });
  });
  var deadline = Date.now() + remaining;
  function tick() {
    var left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
    document.getElementById('left').textContent = String(left);
    if (left === 0) decide('EXPIRED'); else if (!done) setTimeout(tick, 250);
  }
  tick();
})();
</script>
</body></html>`;
}
