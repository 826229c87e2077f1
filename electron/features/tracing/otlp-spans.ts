import type { SpanEvent, TraceSpan } from '../../../shared/contract/tracing';
import type { SpanToStore } from '../../services/data/trace-store';
import { isRecord } from '../../../shared/validation/is-record';

/**
 * Reads an OTLP/JSON export (or a protobuf one turned into that shape, see otlp-protobuf.ts)
 * into the spans to keep. Everything in it is the handler's (hostile text): strings, lists and
 * nesting are bounded here, before anything is stored or shown.
 */

const MAX_TEXT = 8 * 1024;
const MAX_NAME = 512;
const MAX_ATTRIBUTES = 128;
const MAX_EVENTS = 128;
const MAX_LIST = 64;
const MAX_DEPTH = 4;

export interface ReadSpans {
  readonly kept: SpanToStore[];
  /** Spans (or log records) of a trace Hooklab did not start, or without a valid trace id. */
  readonly dropped: number;
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown, max = MAX_TEXT): string => (typeof value === 'string' ? value.slice(0, max) : '');

/** An OTLP AnyValue as plain JSON, bounded in size and depth. */
function anyValue(value: unknown, depth = 0): unknown {
  if (!isRecord(value) || depth > MAX_DEPTH) return null;
  if ('stringValue' in value) return text(value.stringValue);
  if ('boolValue' in value) return value.boolValue === true;
  if ('intValue' in value) {
    const n = Number(value.intValue);
    return Number.isSafeInteger(n) ? n : text(String(value.intValue), 40);
  }
  if ('doubleValue' in value) return typeof value.doubleValue === 'number' ? value.doubleValue : Number(value.doubleValue);
  if ('bytesValue' in value) return text(value.bytesValue);
  if ('arrayValue' in value) {
    const values = isRecord(value.arrayValue) ? list(value.arrayValue.values) : [];
    return values.slice(0, MAX_LIST).map((v) => anyValue(v, depth + 1));
  }
  if ('kvlistValue' in value) return attributes(isRecord(value.kvlistValue) ? value.kvlistValue.values : [], depth + 1);
  return null;
}

function attributes(pairs: unknown, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const pair of list(pairs).slice(0, MAX_ATTRIBUTES)) {
    if (!isRecord(pair) || typeof pair.key !== 'string') continue;
    out[pair.key.slice(0, MAX_NAME)] = anyValue(pair.value, depth);
  }
  return out;
}

/** A 64-bit nanosecond count (decimal string or number in OTLP/JSON) as a bigint; 0 when unreadable. */
function nanos(value: unknown): bigint {
  if (typeof value === 'number' && Number.isFinite(value)) return BigInt(Math.trunc(value));
  if (typeof value === 'string' && /^\d{1,20}$/.test(value)) return BigInt(value);
  return 0n;
}

const hexId = (value: unknown, length: number): string | null =>
  typeof value === 'string' && value.length === length && /^[0-9a-fA-F]+$/.test(value) && !/^0+$/.test(value) ? value.toLowerCase() : null;

/** OTLP status codes: 1 OK, 2 ERROR (JSON may carry the enum's name). */
function status(value: unknown): TraceSpan['status'] {
  const code = isRecord(value) ? value.code : undefined;
  if (code === 2 || code === 'STATUS_CODE_ERROR') return 'error';
  if (code === 1 || code === 'STATUS_CODE_OK') return 'ok';
  return 'unset';
}

function serviceOf(resource: unknown): string {
  const name = isRecord(resource) ? attributes(resource.attributes)['service.name'] : undefined;
  return typeof name === 'string' && name !== '' ? name.slice(0, MAX_NAME) : 'unknown_service';
}

const isoOf = (ns: bigint) => new Date(Number(ns / 1_000_000n)).toISOString();

/** The names of an export's three levels, one signal's (resources hold scopes, scopes hold records). */
interface ExportLevels {
  readonly resources: string;
  readonly scopes: string;
  readonly records: string;
}
const TRACE_LEVELS: ExportLevels = { resources: 'resourceSpans', scopes: 'scopeSpans', records: 'spans' };
const LOGS_LEVELS: ExportLevels = { resources: 'resourceLogs', scopes: 'scopeLogs', records: 'logRecords' };

/**
 * Walks an export, resource → scope → records (traces and logs nest the same way), skipping
 * whatever is not an object, and keeps what `toSpan` makes of each record with its resource's
 * service name; a record it gives null for is counted dropped.
 */
function readExport(
  request: unknown,
  levels: ExportLevels,
  toSpan: (record: Record<string, unknown>, service: string) => SpanToStore | null,
): ReadSpans {
  const kept: SpanToStore[] = [];
  let dropped = 0;
  for (const resource of list(isRecord(request) ? request[levels.resources] : undefined)) {
    if (!isRecord(resource)) continue;
    const service = serviceOf(resource.resource);
    for (const scope of list(resource[levels.scopes])) {
      if (!isRecord(scope)) continue;
      for (const record of list(scope[levels.records])) {
        if (!isRecord(record)) continue;
        const span = toSpan(record, service);
        if (span) kept.push(span);
        else dropped += 1;
      }
    }
  }
  return { kept, dropped };
}

/** The spans of an export request whose trace Hooklab started. */
export function readTraceExport(request: unknown, isStarted: (traceId: string) => boolean): ReadSpans {
  return readExport(request, TRACE_LEVELS, (span, service) => {
    const traceId = hexId(span.traceId, 32);
    const spanId = hexId(span.spanId, 16);
    if (!traceId || !spanId || !isStarted(traceId)) return null;
    const start = nanos(span.startTimeUnixNano);
    const end = nanos(span.endTimeUnixNano);
    const attrs = attributes(span.attributes);
    const message = isRecord(span.status) ? text(span.status.message) : '';
    if (message) attrs['otel.status_description'] = message;
    return {
      traceId,
      spanId,
      parentSpanId: hexId(span.parentSpanId, 16),
      name: text(span.name, MAX_NAME),
      service,
      startedAt: isoOf(start),
      startedNs: start.toString(),
      durationMs: end > start ? Number(end - start) / 1e6 : 0,
      status: status(span.status),
      attributes: attrs,
      events: list(span.events)
        .slice(0, MAX_EVENTS)
        .filter(isRecord)
        .map((e): SpanEvent => ({ name: text(e.name, MAX_NAME), attributes: attributes(e.attributes) })),
    };
  });
}

/**
 * The log records of an export request whose trace Hooklab started, each kept as a span of no
 * duration under the span that wrote it (named `log <severity>`), so the waterfall shows it in
 * its place. `newSpanId` gives each its own id.
 */
export function readLogsExport(request: unknown, isStarted: (traceId: string) => boolean, newSpanId: () => string): ReadSpans {
  return readExport(request, LOGS_LEVELS, (record, service) => {
    const traceId = hexId(record.traceId, 32);
    if (!traceId || !isStarted(traceId)) return null;
    const time = nanos(record.timeUnixNano) || nanos(record.observedTimeUnixNano);
    const severity = text(record.severityText, 32) || 'log';
    const severityNumber = typeof record.severityNumber === 'number' ? record.severityNumber : 0;
    return {
      traceId,
      spanId: newSpanId(),
      parentSpanId: hexId(record.spanId, 16),
      name: `log ${severity}`,
      service,
      startedAt: isoOf(time),
      startedNs: time.toString(),
      durationMs: 0,
      // OTLP severity numbers 17 and above are ERROR and FATAL.
      status: severityNumber >= 17 ? 'error' : 'unset',
      attributes: { 'log.body': anyValue(record.body), ...attributes(record.attributes) },
      events: [],
    };
  });
}
