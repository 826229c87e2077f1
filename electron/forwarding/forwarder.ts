import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
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
      })),
    ),
  );
}

/** The headers to forward: as received, without hop-by-hop ones (RFC 9110 7.6.1). */
export function endToEndHeaders(headers: ReadonlyArray<readonly [string, string]>): string[] {
  const named = new Set<string>();
  for (const [name, value] of headers) {
    if (name.toLowerCase() !== 'connection') continue;
    for (const option of value.split(',')) named.add(option.trim().toLowerCase());
  }
  const raw: string[] = [];
  for (const [name, value] of headers) {
    const lower = name.toLowerCase();
    if (!HOP_BY_HOP.has(lower) && !named.has(lower)) raw.push(name, value);
  }
  return raw;
}

/** One target: body byte-identical, headers as received, response status/headers/body (capped). */
export function forwardOne(target: string, payload: ForwardPayload, options: ForwardOptions = {}): Promise<ForwardResult> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const bodyCap = options.bodyCap ?? 64 * 1024;
  const started = performance.now();
  const failed = (error: string): ForwardResult => ({
    target,
    status: null,
    headers: [],
    body: null,
    latencyMs: round(performance.now() - started),
    error,
  });
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return Promise.resolve(failed('invalid target URL'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.resolve(failed(`unsupported scheme ${url.protocol} (only http and https)`));
  }
  const raw = endToEndHeaders(payload.headers);
  raw.push('Content-Length', String(payload.body.length), 'Host', url.host);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<ForwardResult>((resolve) => {
    let settled = false;
    const done = (r: ForwardResult) => {
      if (settled) return;
      settled = true;
      resolve(r);
    };
    let req: ReturnType<typeof send>;
    try {
      req = send(url, { method: payload.method, headers: raw, timeout: timeoutMs }, onResponse);
    } catch (error) {
      // Refused before sending (a header value Node will not write...): this target only.
      done(failed((error as Error).message));
      return;
    }
    req.on('timeout', () => {
      req.destroy(new Error(`no answer within ${timeoutMs} ms`));
    });
    req.on('error', (e: NodeJS.ErrnoException) => done(failed(e.code ? `${e.code}: ${e.message}` : e.message)));
    req.end(payload.body);

    function onResponse(res: IncomingMessage): void {
      const chunks: Buffer[] = [];
      let kept = 0;
      res.on('data', (chunk: Buffer) => {
        if (kept < bodyCap) {
          const part = chunk.subarray(0, bodyCap - kept);
          chunks.push(part);
          kept += part.length;
        }
      });
      res.on('end', () =>
        done({
          target,
          status: res.statusCode ?? null,
          headers: pairs(res.rawHeaders),
          body: Buffer.concat(chunks).toString('utf8'),
          latencyMs: round(performance.now() - started),
          error: null,
        }),
      );
      res.on('error', (e) => done(failed(e.message)));
    }
  });
}

function pairs(raw: string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i]!, raw[i + 1]!]);
  return out;
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
