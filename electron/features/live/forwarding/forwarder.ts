import { exchange } from '../../../services/net/exchange';
import { allowedTargetVerdict } from '../../../services/net/target-policy';
import { isPerConnectionHeader } from '../../../../shared/http/connection-headers';
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
  /** Non-loopback targets the user allowed (settings.listener.allowedTargets); others get nothing. */
  readonly allowedTargets?: readonly string[];
  /** Draws each forward's new trace (its `traceparent`); the core's remembers it as Hooklab's. */
  readonly startTrace?: () => TraceContext;
}

/** Why a delivery was not forwarded to a target off this machine, and how to allow it. */
export function notAllowedMessage(host: string): string {
  return `not forwarded: ${host} is not on this machine and you did not allow it (start with --allow-non-loopback, or add it in Settings → Listener)`;
}

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

/** The headers to forward: as received, without per-connection ones and those the Connection header names (RFC 9110 7.6.1). */
export function endToEndHeaders(headers: ReadonlyArray<readonly [string, string]>): Array<[string, string]> {
  const named = new Set<string>();
  for (const [name, value] of headers) {
    if (name.toLowerCase() !== 'connection') continue;
    for (const option of value.split(',')) named.add(option.trim().toLowerCase());
  }
  const kept: Array<[string, string]> = [];
  for (const [name, value] of headers) {
    const lower = name.toLowerCase();
    if (!isPerConnectionHeader(lower) && !named.has(lower)) kept.push([name, value]);
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
  // Real webhooks, signed with the store's key: off this machine only where the user said so.
  if (!allowedTargetVerdict(target, options.allowedTargets ?? []).allowed) {
    return { target, status: null, headers: [], body: null, latencyMs: 0, error: notAllowedMessage(url.host), traceId: null };
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
