/**
 * A pre-check of an OTLP protobuf export on its wire format, before anything of it is decoded:
 * the export's records (spans, log records) whose trace Hooklab did not start are cut out by
 * reading only their tags, lengths and trace id, so a large export of someone else's traces
 * costs a scan of its bytes, never a decode. What is left is the same message with only the
 * records to keep, for otlp-protobuf.ts to decode.
 *
 * Field numbers are opentelemetry-proto v1's (the same for traces and logs): the request's
 * resources are field 1, a resource's scopes field 2 (its Resource field 1), a scope's records
 * field 2 (its InstrumentationScope field 1); a Span's trace id is field 1, a LogRecord's 9.
 */

const WIRE_VARINT = 0;
const WIRE_I64 = 1;
const WIRE_LEN = 2;
const WIRE_I32 = 5;

export type RecordKind = 'span' | 'log';
const TRACE_ID_FIELD: Record<RecordKind, number> = { span: 1, log: 9 };

interface Field {
  readonly number: number;
  readonly wireType: number;
  /** The whole field, tag included. */
  readonly start: number;
  readonly end: number;
  /** A length-delimited field's value. */
  readonly valueStart: number;
}

class WireError extends Error {}

function varint(bytes: Uint8Array, at: number, end: number): { value: number; next: number } {
  let value = 0;
  let scale = 1;
  for (let i = at; i < end && i < at + 10; i++) {
    const byte = bytes[i]!;
    value += (byte & 0x7f) * scale;
    if (byte < 0x80) {
      if (!Number.isSafeInteger(value)) throw new WireError('a varint too large');
      return { value, next: i + 1 };
    }
    scale *= 128;
  }
  throw new WireError('a truncated varint');
}

/** The fields of one message in bytes [start, end); throws WireError on bytes that are not protobuf. */
function* fields(bytes: Uint8Array, start: number, end: number): Generator<Field> {
  for (let at = start; at < end; ) {
    const tag = varint(bytes, at, end);
    const number = Math.floor(tag.value / 8);
    const wireType = tag.value % 8;
    if (number === 0) throw new WireError('field number 0');
    let next: number;
    let valueStart = tag.next;
    if (wireType === WIRE_VARINT) next = varint(bytes, tag.next, end).next;
    else if (wireType === WIRE_I64) next = tag.next + 8;
    else if (wireType === WIRE_I32) next = tag.next + 4;
    else if (wireType === WIRE_LEN) {
      const length = varint(bytes, tag.next, end);
      valueStart = length.next;
      next = length.next + length.value;
    } else throw new WireError(`wire type ${wireType}`);
    if (next > end) throw new WireError('a field longer than its message');
    yield { number, wireType, start: at, end: next, valueStart };
    at = next;
  }
}

/** A length-delimited field `number` holding `parts` (already encoded), as bytes. */
function lengthDelimited(number: number, parts: readonly Uint8Array[]): Uint8Array[] {
  const length = parts.reduce((n, p) => n + p.length, 0);
  return [encodeVarint(number * 8 + WIRE_LEN), encodeVarint(length), ...parts];
}

function encodeVarint(value: number): Uint8Array {
  const out: number[] = [];
  for (let v = value; ; v = Math.floor(v / 128)) {
    if (v < 128) {
      out.push(v);
      return Uint8Array.from(out);
    }
    out.push((v % 128) | 0x80);
  }
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');

/** A record's trace id (hex), or null when it has none of 16 bytes. */
function traceIdOf(bytes: Uint8Array, record: Field, kind: RecordKind): string | null {
  for (const field of fields(bytes, record.valueStart, record.end)) {
    if (field.number === TRACE_ID_FIELD[kind] && field.wireType === WIRE_LEN) {
      return field.end - field.valueStart === 16 ? hex(bytes.subarray(field.valueStart, field.end)) : null;
    }
  }
  return null;
}

export interface StartedOnly {
  /** The export with only the records of started traces (and the resources and scopes around them). */
  readonly bytes: Uint8Array;
  /** Records cut out: of a trace Hooklab did not start, or without a trace id. */
  readonly dropped: number;
}

/**
 * The export `bytes` (an Export{Trace,Logs}ServiceRequest) with only the records whose trace
 * `isStarted`; resources and scopes left without a record go too. Throws on bytes that are not
 * a protobuf message.
 */
export function keepStartedRecords(bytes: Uint8Array, kind: RecordKind, isStarted: (traceId: string) => boolean): StartedOnly {
  let dropped = 0;
  const out: Uint8Array[] = [];
  /** The fields of a message [start, end) with its field 2 (the level below) filtered by `inner`. */
  const level = (start: number, end: number, inner: (field: Field) => Uint8Array[] | null): Uint8Array[] | null => {
    const kept: Uint8Array[] = [];
    let children = 0;
    for (const field of fields(bytes, start, end)) {
      if (field.number !== 2 || field.wireType !== WIRE_LEN) {
        kept.push(bytes.subarray(field.start, field.end));
        continue;
      }
      const child = inner(field);
      if (child) {
        kept.push(...child);
        children++;
      }
    }
    return children > 0 ? kept : null;
  };
  const record = (field: Field): Uint8Array[] | null => {
    const traceId = traceIdOf(bytes, field, kind);
    if (traceId !== null && isStarted(traceId)) return [bytes.subarray(field.start, field.end)];
    dropped++;
    return null;
  };
  const scope = (field: Field) => {
    const kept = level(field.valueStart, field.end, record);
    return kept && lengthDelimited(2, kept);
  };
  for (const field of fields(bytes, 0, bytes.length)) {
    if (field.number !== 1 || field.wireType !== WIRE_LEN) continue;
    const resource = level(field.valueStart, field.end, scope);
    if (resource) out.push(...lengthDelimited(1, resource));
  }
  return { bytes: Buffer.concat(out), dropped };
}

export { WireError };
