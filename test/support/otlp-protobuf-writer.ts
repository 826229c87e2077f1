/**
 * Writes OTLP protobuf exports by hand, field by field (opentelemetry-proto v1 numbers), so
 * tests can send what an SDK sends and also what no SDK would (a damaged span).
 */

const varint = (value: number): Buffer => {
  const out: number[] = [];
  for (let v = value; ; v = Math.floor(v / 128)) {
    if (v < 128) return Buffer.from([...out, v]);
    out.push((v % 128) | 0x80);
  }
};

/** A length-delimited field: a nested message, a string or bytes. */
export const field = (number: number, ...parts: (Buffer | string)[]): Buffer => {
  const value = Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
  return Buffer.concat([varint(number * 8 + 2), varint(value.length), value]);
};

/** A Span (trace id, span id, name, and `extra` fields as they are). */
export const span = (traceId: string, spanId: string, name: string, ...extra: Buffer[]): Buffer =>
  field(2, field(1, Buffer.from(traceId, 'hex')), field(2, Buffer.from(spanId, 'hex')), field(5, name), ...extra);

/** An ExportTraceServiceRequest: one resource (service.name) with one scope holding `spans`. */
export const traceExport = (service: string, ...spans: Buffer[]): Buffer =>
  field(1, field(1, field(1, field(1, 'service.name'), field(2, field(1, service)))), field(2, field(1, field(1, 'manual')), ...spans));
