import type { IncomingMessage } from 'node:http';
import { guardRefusal, loopbackAuthorities, type LoopbackAuthorities } from '../services/net/request-guard';
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

/**
 * The control API creates stores that deliver signed webhooks to any URL and runs scenarios, so
 * a browser must not be able to drive it from another site: the browser host's Host/Origin
 * guard defeats DNS rebinding and cross-site requests, and requiring `application/json` on
 * every call that sends a body or declares a type keeps out HTML forms and beacons (which can
 * only send form encodings or text/plain without a CORS preflight). Throws the refusal as a control error.
 */
export function checkControlRequest(req: IncomingMessage, allowed: LoopbackAuthorities): void {
  const refusal = guardRefusal(req, allowed);
  if (refusal) throw controlError(refusal.status, refusal.message);
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  // A bare POST (no body, no type: `curl -X POST`) is fine; a form always declares a type.
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (type === '' && !hasBody) return;
  if (type !== 'application/json') {
    throw controlError(415, `the control API takes JSON: send Content-Type: application/json (got ${type || 'none'})`);
  }
}
