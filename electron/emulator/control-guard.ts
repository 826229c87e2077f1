import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import { bearerToken, guardRefusal, loopbackAuthorities, tokenMatches, type LoopbackAuthorities } from '../services/net/request-guard';
import { controlError } from './control-errors';

/**
 * The Host and Origin the control API answers to: loopback on the sandbox's port, plus the
 * authority it was bound to (`baseUrl`) when that is another address.
 */
export function controlAuthorities(baseUrl: string): LoopbackAuthorities {
  const url = new URL(baseUrl);
  const loopback = loopbackAuthorities(Number(url.port));
  return {
    hosts: new Set([...loopback.hosts, url.host.toLowerCase()]),
    origins: new Set([...loopback.origins, url.origin.toLowerCase()]),
  };
}

/** A new control token: URL-safe, as the data folder's access token is. */
export function newControlToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * The control API creates stores that deliver signed webhooks to any URL and runs scenarios, so
 * a browser must not be able to drive it from another site: the browser host's Host/Origin
 * guard defeats DNS rebinding and cross-site requests, and requiring `application/json` on
 * every call that sends a body or declares a type keeps out HTML forms and beacons (which can
 * only send form encodings or text/plain without a CORS preflight). And it answers only to the
 * one who started the sandbox: every call carries `Authorization: Bearer <control token>` (any
 * other local process, an agent's shell included, gets 401), since each route sends events
 * signed with a store's key. Throws the refusal as a control error.
 */
export function checkControlRequest(req: IncomingMessage, allowed: LoopbackAuthorities, token: string): void {
  const refusal = guardRefusal(req, allowed);
  if (refusal) throw controlError(refusal.status, refusal.message);
  if (!tokenMatches(token, bearerToken(req))) {
    throw controlError(401, "the control API needs the sandbox's control token: send Authorization: Bearer <token> (hooklab sandbox prints it; startSandbox returns it as controlToken)");
  }
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  // A bare POST (no body, no type: `curl -X POST`) is fine; a form always declares a type.
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (type === '' && !hasBody) return;
  if (type !== 'application/json') {
    throw controlError(415, `the control API takes JSON: send Content-Type: application/json (got ${type || 'none'})`);
  }
}
