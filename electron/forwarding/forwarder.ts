import { exchange } from '../net/exchange';
import type { ForwardResult } from '../../shared/contract/live';

/** What is forwarded: the delivery exactly as received. */
export interface ForwardPayload {
  readonly method: string;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: Uint8Array;
}

export interface ForwardOptions {
  readonly timeoutMs?: number;
  /** Bytes of each handler's response body kept. */
  readonly bodyCap?: number;
}

/** Headers about this hop, not the message: Node sets them for the new connection. */
const HOP_BY_HOP = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'te',
  'trailer',
  'upgrade',
  'proxy-connection',
  'proxy-authorization',
  'expect',
]);

/** Sends the delivery to every target at once (like `stripe listen --forward-to`); never throws. */
export function forwardToAll(
  targets: readonly string[],
  payload: ForwardPayload,
  options: ForwardOptions = {},
): Promise<ForwardResult[]> {
  return Promise.all(targets.map((t) => forwardOne(t, payload, options)));
}

/** One target: body byte-identical, headers as received, response status/headers/body (capped). */
export async function forwardOne(target: string, payload: ForwardPayload, options: ForwardOptions = {}): Promise<ForwardResult> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { target, status: null, headers: [], body: null, latencyMs: 0, error: 'invalid target URL' };
  }
  const headers: Array<[string, string]> = payload.headers.filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())).map(([n, v]) => [n, v]);
  headers.push(['Content-Length', String(payload.body.length)], ['Host', url.host]);
  const result = await exchange(
    { method: payload.method, url: url.href, headers, body: payload.body },
    { timeoutMs: options.timeoutMs ?? 30_000, responseCap: options.bodyCap ?? 64 * 1024, keepAlive: true },
  );
  if (!result.ok) return { target, status: null, headers: [], body: null, latencyMs: result.latencyMs, error: result.error };
  return {
    target,
    status: result.answer.status,
    headers: result.answer.headers,
    body: Buffer.from(result.answer.body).toString('utf8'),
    latencyMs: result.latencyMs,
    error: null,
  };
}
