import type { SpanEvent, Trace, TraceSpan } from '../contract/tracing';

/** How much of a trace one reply carries. */
export interface TraceBounds {
  /** Characters kept of each name and attribute text; the rest is cut and said. */
  readonly maxValueChars: number;
  /** Bytes of the spans as JSON; spans past it are left out (start order: the first are kept). */
  readonly maxBytes: number;
}

/** What was left out of a trace, for the reader to be told. */
export interface TraceCut {
  readonly spansShown: number;
  readonly spansTotal: number;
  /** Names and attribute texts shortened to maxValueChars. */
  readonly valuesShortened: number;
}

const utf8 = new TextEncoder();

function shorten(text: string, max: number, count: () => void): string {
  if (text.length <= max) return text;
  count();
  return `${text.slice(0, max)}… [${text.length - max} more characters cut]`;
}

function boundValue(value: unknown, max: number, count: () => void): unknown {
  if (typeof value === 'string') return shorten(value, max, count);
  if (Array.isArray(value)) return value.map((v) => boundValue(v, max, count));
  if (typeof value === 'object' && value !== null) return boundAttributes(value as Record<string, unknown>, max, count);
  return value;
}

function boundAttributes(attributes: Readonly<Record<string, unknown>>, max: number, count: () => void): Record<string, unknown> {
  return Object.fromEntries(Object.entries(attributes).map(([k, v]) => [shorten(k, max, count), boundValue(v, max, count)]));
}

function boundSpan(span: TraceSpan, max: number, count: () => void): TraceSpan {
  const events: SpanEvent[] = span.events.map((e) => ({ name: shorten(e.name, max, count), attributes: boundAttributes(e.attributes, max, count) }));
  return { ...span, name: shorten(span.name, max, count), service: shorten(span.service, max, count), attributes: boundAttributes(span.attributes, max, count), events };
}

/**
 * The trace cut to fit one reply (an agent's context, a terminal): each text shortened, then
 * spans in start order while their JSON fits `maxBytes`. `cut` is null when nothing was left out.
 */
export function boundTrace(trace: Trace, bounds: TraceBounds): { trace: Trace; cut: TraceCut | null } {
  let valuesShortened = 0;
  const spans: TraceSpan[] = [];
  let bytes = 0;
  for (const span of trace.spans) {
    let shortened = 0;
    const bounded = boundSpan(span, bounds.maxValueChars, () => void shortened++);
    bytes += utf8.encode(JSON.stringify(bounded)).length;
    if (bytes > bounds.maxBytes && spans.length > 0) break;
    spans.push(bounded);
    valuesShortened += shortened;
  }
  const spansTotal = Math.max(trace.totalSpans, trace.spans.length);
  const cut = spans.length < spansTotal || valuesShortened > 0 ? { spansShown: spans.length, spansTotal, valuesShortened } : null;
  return { trace: { ...trace, spans }, cut };
}

/** The sentence that says what a cut left out. */
export function describeCut(cut: TraceCut, bounds: TraceBounds): string {
  const parts: string[] = [];
  if (cut.spansShown < cut.spansTotal) parts.push(`showing the first ${cut.spansShown} of ${cut.spansTotal} spans (start order); open the trace in Hooklab for the rest`);
  if (cut.valuesShortened > 0) parts.push(`${cut.valuesShortened} names or attribute values shortened to ${bounds.maxValueChars} characters`);
  return parts.join('; ');
}
