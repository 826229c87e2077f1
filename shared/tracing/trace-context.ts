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
 * The headers with any `traceparent` the original sender set replaced by this one, so a trace
 * is always one Hooklab started (a new trace per request); `tracestate` is left as it is.
 */
export function withTraceparent(
  headers: ReadonlyArray<readonly [string, string]>,
  trace: TraceContext,
): Array<[string, string]> {
  const kept: Array<[string, string]> = headers
    .filter(([name]) => name.toLowerCase() !== TRACEPARENT_HEADER)
    .map(([name, value]) => [name, value]);
  kept.push([TRACEPARENT_HEADER, trace.traceparent]);
  return kept;
}
