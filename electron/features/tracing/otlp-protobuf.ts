import protobuf from 'protobufjs/light.js';

/**
 * The three messages around one signal's records, the same for traces and logs in the .proto
 * files: Export<…>ServiceRequest { repeated Resource<Signal> resource<Signal> = 1 },
 * Resource<Signal> { Resource resource = 1; repeated Scope<Signal> scope<Signal> = 2 },
 * Scope<Signal> { InstrumentationScope scope = 1; repeated <Record> <records> = 2 }.
 * otlp-spans.ts walks them the same way.
 */
function envelope(request: string, signal: 'Spans' | 'Logs', records: string, recordType: string) {
  return {
    [`Scope${signal}`]: {
      fields: { scope: { type: 'InstrumentationScope', id: 1 }, [records]: { rule: 'repeated', type: recordType, id: 2 } },
    },
    [`Resource${signal}`]: {
      fields: { resource: { type: 'Resource', id: 1 }, [`scope${signal}`]: { rule: 'repeated', type: `Scope${signal}`, id: 2 } },
    },
    [request]: { fields: { [`resource${signal}`]: { rule: 'repeated', type: `Resource${signal}`, id: 1 } } },
  };
}

/**
 * The parts of OpenTelemetry's OTLP .proto files (opentelemetry-proto v1: common, resource,
 * trace, logs and the two collector requests) that Hooklab reads, as a protobufjs JSON
 * descriptor. Field numbers and wire types are the official ones; fields left out (links,
 * flags, dropped counts, schema URLs) are skipped by the decoder as unknown fields, and enums
 * are read as their integers (the same varint on the wire).
 */
const descriptor = {
  nested: {
    AnyValue: {
      oneofs: { value: { oneof: ['stringValue', 'boolValue', 'intValue', 'doubleValue', 'arrayValue', 'kvlistValue', 'bytesValue'] } },
      fields: {
        stringValue: { type: 'string', id: 1 },
        boolValue: { type: 'bool', id: 2 },
        intValue: { type: 'int64', id: 3 },
        doubleValue: { type: 'double', id: 4 },
        arrayValue: { type: 'ArrayValue', id: 5 },
        kvlistValue: { type: 'KeyValueList', id: 6 },
        bytesValue: { type: 'bytes', id: 7 },
      },
    },
    ArrayValue: { fields: { values: { rule: 'repeated', type: 'AnyValue', id: 1 } } },
    KeyValueList: { fields: { values: { rule: 'repeated', type: 'KeyValue', id: 1 } } },
    KeyValue: { fields: { key: { type: 'string', id: 1 }, value: { type: 'AnyValue', id: 2 } } },
    InstrumentationScope: { fields: { name: { type: 'string', id: 1 }, version: { type: 'string', id: 2 } } },
    Resource: { fields: { attributes: { rule: 'repeated', type: 'KeyValue', id: 1 } } },
    Status: { fields: { message: { type: 'string', id: 2 }, code: { type: 'int32', id: 3 } } },
    Event: {
      fields: {
        timeUnixNano: { type: 'fixed64', id: 1 },
        name: { type: 'string', id: 2 },
        attributes: { rule: 'repeated', type: 'KeyValue', id: 3 },
      },
    },
    Span: {
      fields: {
        traceId: { type: 'bytes', id: 1 },
        spanId: { type: 'bytes', id: 2 },
        parentSpanId: { type: 'bytes', id: 4 },
        name: { type: 'string', id: 5 },
        kind: { type: 'int32', id: 6 },
        startTimeUnixNano: { type: 'fixed64', id: 7 },
        endTimeUnixNano: { type: 'fixed64', id: 8 },
        attributes: { rule: 'repeated', type: 'KeyValue', id: 9 },
        events: { rule: 'repeated', type: 'Event', id: 11 },
        status: { type: 'Status', id: 15 },
      },
    },
    ...envelope('ExportTraceServiceRequest', 'Spans', 'spans', 'Span'),
    LogRecord: {
      fields: {
        timeUnixNano: { type: 'fixed64', id: 1 },
        severityNumber: { type: 'int32', id: 2 },
        severityText: { type: 'string', id: 3 },
        body: { type: 'AnyValue', id: 5 },
        attributes: { rule: 'repeated', type: 'KeyValue', id: 6 },
        traceId: { type: 'bytes', id: 9 },
        spanId: { type: 'bytes', id: 10 },
        observedTimeUnixNano: { type: 'fixed64', id: 11 },
      },
    },
    ...envelope('ExportLogsServiceRequest', 'Logs', 'logRecords', 'LogRecord'),
  },
};

const root = protobuf.Root.fromJSON(descriptor);
const traceRequest = root.lookupType('ExportTraceServiceRequest');
const logsRequest = root.lookupType('ExportLogsServiceRequest');

/** Byte fields that are ids: OTLP/JSON writes them as hex, not Base64. */
const ID_FIELDS = new Set(['traceId', 'spanId', 'parentSpanId']);

/**
 * Turns a decoded message into the OTLP/JSON shape (64-bit numbers as decimal strings, ids as
 * hex, other bytes as Base64), so one reader serves both encodings.
 */
function toOtlpJson(type: protobuf.Type, bytes: Uint8Array): unknown {
  const message = type.decode(bytes);
  const object = type.toObject(message, { longs: String, bytes: String, enums: Number });
  return hexIds(object);
}

function hexIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(hexIds);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] = ID_FIELDS.has(key) && typeof field === 'string' ? Buffer.from(field, 'base64').toString('hex') : hexIds(field);
  }
  return out;
}

/** An OTLP/HTTP protobuf trace export as OTLP/JSON. Throws on bytes that are not one. */
export function decodeTraceRequest(bytes: Uint8Array): unknown {
  return toOtlpJson(traceRequest, bytes);
}

/** An OTLP/HTTP protobuf logs export as OTLP/JSON. Throws on bytes that are not one. */
export function decodeLogsRequest(bytes: Uint8Array): unknown {
  return toOtlpJson(logsRequest, bytes);
}

