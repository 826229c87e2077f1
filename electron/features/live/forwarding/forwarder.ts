import { exchange } from '../../../services/net/exchange';
import type { ForwardResult } from '../../../../shared/contract/live';
import { newTraceContext, withTraceparent, type TraceContext } from '../../../../shared/tracing/trace-context';

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
  /** Draws each forward's new trace (its `traceparent`); the core's remembers it as Hooklab's. */
  readonly startTrace?: () => TraceContext;
}

/**
 * Headers about this hop, not the message (RFC 9110 7.6.1: Connection, Proxy-Connection,
 * Keep-Alive, TE, Transfer-Encoding, Upgrade; plus what Node sets for the new connection).
 * Every header the sender named in its Connection header is dropped as well.
 */
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

/**
 * Sends the delivery to every target at once (like `stripe listen --forward-to`); never throws,
 * and each target's result is its own: one target failing in any way is that target's error.
 */
export function forwardToAll(
  targets: readonly string[],
  payload: ForwardPayload,
  options: ForwardOptions = {},
): Promise<ForwardResult[]> {
  return Promise.all(
    targets.map((t) =>
      forwardOne(t, payload, options).catch((error: unknown): ForwardResult => ({
        target: t,
        status: null,
        headers: [],
        body: null,
        latencyMs: null,
        error: (error as Error)?.message ?? String(error),
        traceId: null,
      })),
    ),
  );
}

/** The headers to forward: as received, without hop-by-hop ones (RFC 9110 7.6.1). */
export function endToEndHeaders(headers: ReadonlyArray<readonly [string, string]>): Array<[string, string]> {
  const named = new Set<string>();
  for (const [name, value] of headers) {
    if (name.toLowerCase() !== 'connection') continue;
    for (const option of value.split(',')) named.add(option.trim().toLowerCase());
  }
  const kept: Array<[string, string]> = [];
  for (const [name, value] of headers) {
    const lower = name.toLowerCase();
    if (!HOP_BY_HOP.has(lower) && !named.has(lower)) kept.push([name, value]);
  }
  return kept;
}

/** One target: body byte-identical, headers as received (with a new `traceparent`), response status/headers/body (capped). */
export async function forwardOne(target: string, payload: ForwardPayload, options: ForwardOptions = {}): Promise<ForwardResult> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { target, status: null, headers: [], body: null, latencyMs: 0, error: 'invalid target URL', traceId: null };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { target, status: null, headers: [], body: null, latencyMs: 0, error: `unsupported scheme ${url.protocol} (only http and https)`, traceId: null };
  }
  // A new trace per forward, so the handler's spans join this forward and no other.
  const trace = (options.startTrace ?? newTraceContext)();
  const headers = withTraceparent(endToEndHeaders(payload.headers), trace);
  headers.push(['Content-Length', String(payload.body.length)], ['Host', url.host]);
  const result = await exchange(
    { method: payload.method, url: url.href, headers, body: payload.body },
    { timeoutMs: options.timeoutMs ?? 30_000, responseCap: options.bodyCap ?? 64 * 1024, keepAlive: true },
  );
  if (!result.ok) return { target, status: null, headers: [], body: null, latencyMs: result.latencyMs, error: result.error, traceId: trace.traceId };
  return {
    target,
    status: result.answer.status,
    headers: result.answer.headers,
    body: Buffer.from(result.answer.body).toString('utf8'),
    latencyMs: result.latencyMs,
    error: null,
    traceId: trace.traceId,
  };
}
