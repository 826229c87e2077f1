import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { lookupFor } from './localhost-lookup';

/** One HTTP request, exactly as it goes on the wire (every header given, in order). */
export interface OutgoingRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: Uint8Array;
}

export interface ExchangeOptions {
  /** The whole exchange, connect to last response byte; past it the request is abandoned. */
  readonly timeoutMs: number;
  /** Bytes of the response body kept; the rest is counted, not kept. */
  readonly responseCap: number;
  /** Reuse connections through Node's global agent (forwarding); default: a fresh connection each time. */
  readonly keepAlive?: boolean;
  /** Abandons the exchange (recorded as cancelled), e.g. when the core stops. */
  readonly signal?: AbortSignal;
}

export interface ExchangeAnswer {
  readonly status: number;
  readonly headers: Array<[string, string]>;
  readonly body: Uint8Array;
  readonly bodySize: number;
  readonly truncated: boolean;
  readonly location: string | null;
}

/** The answer, or the error in words; latency either way. Never rejects. */
export type ExchangeResult = { readonly latencyMs: number } & (
  | { readonly ok: true; readonly answer: ExchangeAnswer }
  | { readonly ok: false; readonly error: string; readonly failure: ExchangeFailure }
);

/** Why no answer came: no connection at all, no answer in time, or an answer cut short. */
export type ExchangeFailure = 'connection' | 'timeout' | 'cut-off';

/**
 * Sends one request with node:http(s) and records what came back. Redirects are never
 * followed (a 3xx is the answer, with its Location); the timeout covers the whole exchange,
 * so a handler trickling bytes cannot hang it; connection errors come back as words.
 */
export function exchange(request: OutgoingRequest, options: ExchangeOptions): Promise<ExchangeResult> {
  const started = performance.now();
  const latency = () => Math.round((performance.now() - started) * 100) / 100;
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return Promise.resolve({ ok: false, error: `"${request.url}" is not a URL`, failure: 'connection', latencyMs: 0 });
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const raw: string[] = [];
  for (const [name, value] of request.headers) raw.push(name, value);
  return new Promise<ExchangeResult>((resolve) => {
    let settled = false;
    const finish = (result: ExchangeResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const fail = (error: string, failure: ExchangeFailure) => finish({ ok: false, error, failure, latencyMs: latency() });
    let answered = false;
    let req: ClientRequest;
    try {
      req = send(url, {
        method: request.method,
        headers: raw,
        ...(options.keepAlive ? {} : { agent: false }),
        // A loopback name goes to loopback, whatever the system's resolver would say.
        ...lookupFor(url.hostname),
      });
    } catch (error) {
      // Node refuses some requests before any byte is written (a header value it cannot send).
      return resolve({ ok: false, error: `not sent: ${(error as Error).message}`, failure: 'connection', latencyMs: 0 });
    }
    const timer = setTimeout(() => {
      fail(`no answer within ${options.timeoutMs} ms (timed out)`, 'timeout');
      req.destroy();
    }, options.timeoutMs);
    const onAbort = () => {
      fail('cancelled: Hooklab stopped before the answer came', 'connection');
      req.destroy();
    };
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('close', () => options.signal?.removeEventListener('abort', onAbort));
    req.on('response', (res: IncomingMessage) => {
      answered = true;
      const chunks: Buffer[] = [];
      let kept = 0;
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (kept < options.responseCap) {
          const part = chunk.subarray(0, options.responseCap - kept);
          chunks.push(part);
          kept += part.length;
        }
      });
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const location = status >= 300 && status < 400 ? (res.headers.location ?? null) : null;
        finish({
          ok: true,
          latencyMs: latency(),
          answer: {
            status,
            headers: pairs(res.rawHeaders),
            body: new Uint8Array(Buffer.concat(chunks)),
            bodySize: size,
            truncated: size > kept,
            location,
          },
        });
      });
      res.on('error', (e) => fail(`the answer was cut off: ${e.message}`, 'cut-off'));
      res.on('aborted', () => fail('the answer was cut off (connection closed mid-body)', 'cut-off'));
    });
    req.on('error', (e: NodeJS.ErrnoException) =>
      fail(answered ? `the answer was cut off: ${e.message}` : describeConnectionError(e, url), answered ? 'cut-off' : 'connection'),
    );
    req.end(request.body);
  });
}

/** A connection error in words a developer recognises, with Node's code. */
export function describeConnectionError(e: NodeJS.ErrnoException, url: URL): string {
  const where = url.host;
  switch (e.code) {
    case 'ECONNREFUSED':
      return `connection refused (ECONNREFUSED): nothing listens on ${where}`;
    case 'ENOTFOUND':
      return `host not found (ENOTFOUND): ${url.hostname} does not resolve`;
    case 'ECONNRESET':
      return `connection reset (ECONNRESET): ${where} closed the connection before answering`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `host unreachable (${e.code}): ${where}`;
    default:
      return e.code ? `${e.message} (${e.code})` : e.message;
  }
}

function pairs(raw: string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i]!, raw[i + 1]!]);
  return out;
}
