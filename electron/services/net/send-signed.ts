import { isPerConnectionHeader } from '../../../shared/http/connection-headers';
import { WEBHOOK_HEADERS } from '../../../shared/service/webhooks';
import { signedWebhookHeaders } from '../../../shared/signing/webhook-headers';
import { exchange, type ExchangeResult } from './exchange';
import { nodeHmac } from '../platform/node-hmac';
import { newTraceContext, withTraceparent, type TraceContext } from '../../../shared/tracing/trace-context';


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
  ]).filter(([name]) => !isPerConnectionHeader(name) && !WEBHOOK_HEADERS.has(name.toLowerCase()));
  return [
    ...kept.map(([n, v]) => [n, v] as [string, string]),
    ...signedWebhookHeaders(nodeHmac, key, delivery.body, { eventId: delivery.eventId, eventCreated: delivery.created }),
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
