/**
 * Calls of the Tracing area: the spans a user's handler exported to Hooklab's local OTLP
 * receiver, for a trace Hooklab started (each forward, replay and check result carries its
 * `traceId`). Owned by the tracing feature.
 */
import { z } from 'zod';
import { defineCall, defineEvent } from './define';

export const SPAN_STATUSES = ['ok', 'error', 'unset'] as const;

export const SpanEventSchema = z.object({
  name: z.string(),
  attributes: z.record(z.string(), z.unknown()),
});
export type SpanEvent = z.infer<typeof SpanEventSchema>;

/** One span as the handler's SDK exported it (names, attributes and messages are the handler's: hostile text). */
export const TraceSpanSchema = z.object({
  spanId: z.string(),
  parentSpanId: z.string().nullable(),
  name: z.string(),
  /** The resource's `service.name` (OTEL_SERVICE_NAME), or 'unknown_service'. */
  service: z.string(),
  /** ISO 8601 with milliseconds. */
  startedAt: z.string(),
  durationMs: z.number(),
  status: z.enum(SPAN_STATUSES),
  attributes: z.record(z.string(), z.unknown()),
  events: z.array(SpanEventSchema),
});
export type TraceSpan = z.infer<typeof TraceSpanSchema>;

export const TraceSchema = z.object({
  traceId: z.string(),
  /**
   * In start order; empty when the handler exported nothing (yet). Values of signatures, keys,
   * tokens, cookies and credentials are [redacted] (shared/tracing/redact-trace.ts).
   */
  spans: z.array(TraceSpanSchema),
  /** How many spans Hooklab keeps for the trace: more than `spans` holds when `maxSpans` cut the list. */
  totalSpans: z.number().int(),
});
export type Trace = z.infer<typeof TraceSchema>;

export const TraceIdSchema = z.string().regex(/^[0-9a-f]{32}$/, 'a trace id is 32 lower-case hex digits');

export const tracingCalls = {
  'traces.get': defineCall(
    "The handler's spans of one trace Hooklab started (a forward's, replay's or check's traceId), in start order, secret values redacted; the first `maxSpans` when given.",
    z.object({ traceId: TraceIdSchema, maxSpans: z.number().int().min(1).max(100_000).optional() }).strict(),
    TraceSchema,
    { readOnly: true },
  ),
};

export const tracingEvents = {
  'traces.received': defineEvent(
    'The OTLP receiver kept new spans for these traces (an open waterfall reads them again).',
    z.object({ traceIds: z.array(z.string()) }),
  ),
};
