import { lookup } from 'node:dns/promises';
import type { z } from 'zod';
import { isLoopbackAddress, isLoopbackName, notLoopbackMessage } from '../net/loopback';
import { HistoryApiError } from './errors';

export interface HttpResult {
  readonly status: number;
  readonly text: string;
}

/**
 * One HTTP exchange with a deadline. Network failures and timeouts become typed errors; any
 * status comes back to the caller, which knows what it means for its operation. Redirects are
 * never followed: the request carries the client secret or a bearer token, and a redirect would
 * hand them to whatever host the Location names, so a redirect is an error that names it.
 */
/**
 * The most any one answer of the service may weigh unless the caller says otherwise. A page of
 * 100 deliveries of webhook payloads is well under it; a hostile or broken service answering
 * gigabytes is cut off here instead of taking the host's memory with it.
 */
export const DEFAULT_REPLY_MAX_BYTES = 32 * 1024 * 1024;

export async function sendRequest(
  fetchFn: typeof fetch,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  timeoutMs: number,
  signal?: AbortSignal,
  maxBytes: number = DEFAULT_REPLY_MAX_BYTES,
): Promise<HttpResult> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const target = await pinLoopbackName(url);
  try {
    const response = await fetchFn(target, { ...init, redirect: 'manual', signal: combined });
    const text = await readBounded(response, maxBytes);
    if (response.status >= 300 && response.status < 400) throw redirected(response);
    return { status: response.status, text };
  } catch (error) {
    if (error instanceof HistoryApiError) throw error;
    if (signal?.aborted) throw new HistoryApiError('aborted', 'the request was cancelled');
    if (timeout.aborted) {
      throw new HistoryApiError('timeout', `the service did not answer within ${Math.round(timeoutMs / 1000)} s`);
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const detail = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new HistoryApiError('network', `cannot reach the service (${detail})`);
  }
}

type Resolve = (hostname: string, options: { all: true }) => Promise<Array<{ address: string }>>;

/**
 * Plain http:// is accepted for a service only on loopback (the client secret crosses no
 * network there). For a loopback name (`localhost.`, `app.localhost`) that holds only once it
 * resolves to loopback, so the request goes to the checked loopback address itself: a resolver
 * cannot send the secret elsewhere between the check and the connection.
 */
export async function pinLoopbackName(url: string, resolve: Resolve = lookup): Promise<string> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' || !isLoopbackName(parsed.hostname)) return url;
  let addresses: string[];
  try {
    addresses = (await resolve(parsed.hostname, { all: true })).map((a) => a.address);
  } catch (error) {
    throw new HistoryApiError('network', `cannot reach the service (${parsed.hostname} does not resolve: ${(error as { code?: string }).code ?? (error as Error).message})`);
  }
  const loopback = addresses.find(isLoopbackAddress);
  if (loopback === undefined) throw new HistoryApiError('network', `the service address ${notLoopbackMessage(parsed.hostname, addresses)} (plain http:// is only for loopback)`);
  parsed.hostname = loopback.includes(':') ? `[${loopback}]` : loopback;
  return parsed.href;
}

/** The body as text, refused (and the stream cancelled) as soon as it passes `maxBytes`. */
async function readBounded(response: Response, maxBytes: number): Promise<string> {
  const tooLarge = () =>
    new HistoryApiError(
      'too-large',
      `the service answered with more than ${Math.round(maxBytes / (1024 * 1024))} MB; Hooklab stopped reading it (ask for smaller pages, or check the environment's address)`,
      response.status,
    );
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function redirected(response: Response): HistoryApiError {
  const location = response.headers.get('location');
  return new HistoryApiError(
    'redirected',
    location
      ? `the service redirected to ${location} (${response.status}); Hooklab does not follow redirects with credentials: check the environment's address`
      : `the service answered a redirect (${response.status}) without a Location; check the environment's address`,
    response.status,
  );
}

/** Parses a 2xx body against the schema the spec gives for it. */
export function parseBody<S extends z.ZodType>(text: string, schema: S, what: string): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new HistoryApiError('malformed', `the service answered ${what} with a body that is not JSON`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first && first.path.length > 0 ? first.path.join('.') : 'body';
    throw new HistoryApiError(
      'unexpected-shape',
      `the service answered ${what} with an unexpected shape (${where}: ${first?.message ?? 'invalid'})`,
    );
  }
  return parsed.data;
}

/** A short, secret-free description of an error body, for messages. */
export function describeErrorBody(text: string): string {
  try {
    const json = JSON.parse(text) as { title?: unknown; detail?: unknown };
    const parts = [json.title, json.detail].filter((p): p is string => typeof p === 'string' && p !== '');
    if (parts.length > 0) return parts.join(': ').slice(0, 200);
  } catch {
    // not JSON: fall through to the raw text
  }
  return text.trim().slice(0, 200);
}
