/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/): the `traceparent` header Hooklab
 * puts on every request it sends to a handler, so the handler's OpenTelemetry spans join a
 * trace Hooklab started and can be shown beside that forward, replay or check.
 */

/** The header's name, lower case as the specification writes it. */
export const TRACEPARENT_HEADER = 'traceparent';

/** A new trace: its id (32 hex), the id of Hooklab's own span in it (16 hex), and the header value. */
export interface TraceContext {
  readonly traceId: string;
  readonly spanId: string;
  readonly traceparent: string;
}

const TRACE_ID = /^[0-9a-f]{32}$/;

function randomHex(bytes: number): string {
  const buffer = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buffer);
  return Array.from(buffer, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A fresh trace, sampled (flags 01: the handler's SDK records it under its default
 * parent-based sampler). An all-zero id is invalid in the specification, so it is redrawn.
 */
export function newTraceContext(): TraceContext {
  let traceId = randomHex(16);
  while (/^0+$/.test(traceId)) traceId = randomHex(16);
  let spanId = randomHex(8);
  while (/^0+$/.test(spanId)) spanId = randomHex(8);
  return { traceId, spanId, traceparent: `00-${traceId}-${spanId}-01` };
}

/** Whether a value is a trace id as the header and OTLP/JSON carry it (32 lower-case hex). */
export function isTraceId(value: string): boolean {
  return TRACE_ID.test(value) && !/^0+$/.test(value);
}

/**
 * The trace context headers a request carries: `traceparent`, and beside it `tracestate` (vendor
 * data of that trace) and `baggage` (key-value pairs propagated with it). All three belong to
 * the sender's trace.
 */
const TRACE_CONTEXT_HEADERS = new Set([TRACEPARENT_HEADER, 'tracestate', 'baggage']);

/**
 * The headers with the original sender's trace context replaced by this trace's `traceparent`,
 * so a trace is always one Hooklab started (a new trace per request). The sender's `tracestate`
 * and `baggage` go too: they belong to the replaced trace, and a handler's SDK would otherwise
 * carry the sender's values into Hooklab's trace.
 */
export function withTraceparent(
  headers: ReadonlyArray<readonly [string, string]>,
  trace: TraceContext,
): Array<[string, string]> {
  const kept: Array<[string, string]> = headers
    .filter(([name]) => !TRACE_CONTEXT_HEADERS.has(name.toLowerCase()))
    .map(([name, value]) => [name, value]);
  kept.push([TRACEPARENT_HEADER, trace.traceparent]);
  return kept;
}
