import { EVENT_CREATED_HEADER, EVENT_ID_HEADER, SIGNATURE_HEADER } from '../../../../shared/service';
import { signBody } from '../../../../shared/signing';
import { exchange, type ExchangeResult } from '../../../services/net/exchange';
import { nodeHmac } from '../../../services/platform/node-hmac';
import { newTraceContext, withTraceparent, type TraceContext } from '../../../../shared/tracing/trace-context';

/** Headers the connection itself sets; a recorded copy of them is never replayed. */
const CONNECTION_HEADERS = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'keep-alive']);
const SIGNED_HEADERS = new Set([SIGNATURE_HEADER, EVENT_ID_HEADER, EVENT_CREATED_HEADER]);

export interface SignedDelivery {
  readonly body: Uint8Array;
  readonly eventId: string;
  readonly created: string;
  /** Other headers to send as they were (a recorded delivery's); default: JSON and our agent. */
  readonly headers?: ReadonlyArray<readonly [string, string]>;
}

/** The request as the service would send it: the body's signature and the event's id headers. */
export function signedHeaders(delivery: SignedDelivery, key: string): Array<[string, string]> {
  const kept = (delivery.headers ?? [
    ['Content-Type', 'application/json'],
    ['User-Agent', 'Hooklab-CLI'],
  ]).filter(([name]) => !CONNECTION_HEADERS.has(name.toLowerCase()) && !SIGNED_HEADERS.has(name.toLowerCase()));
  return [
    ...kept.map(([n, v]) => [n, v] as [string, string]),
    ['X-Svc-Hmac-Sha256', signBody(nodeHmac, key, delivery.body)],
    ['X-Svc-Event-Id', delivery.eventId],
    ['X-Svc-Event-Created', delivery.created],
    // As the service sends it: a length, not a chunked body.
    ['Content-Length', String(delivery.body.length)],
  ];
}

/**
 * POSTs a signed delivery with a `traceparent` of its own (a new trace per request, from
 * `startTrace`); never rejects (the result says what happened).
 */
export function sendSigned(
  url: string,
  delivery: SignedDelivery,
  key: string,
  options: { timeoutMs?: number; keepAlive?: boolean; startTrace?: () => TraceContext } = {},
): Promise<ExchangeResult> {
  // Headers given as a list go out exactly as listed: Node adds no Host of its own then.
  const host = URL.canParse(url) ? new URL(url).host : '';
  const headers = withTraceparent([['Host', host], ...signedHeaders(delivery, key)], (options.startTrace ?? newTraceContext)());
  return exchange(
    { method: 'POST', url, headers, body: delivery.body },
    { timeoutMs: options.timeoutMs ?? 10_000, responseCap: 4096, keepAlive: options.keepAlive ?? false },
  );
}
