import { describe, expect, it } from 'vitest';
import { keepStartedRecords } from '../../../../../electron/features/tracing/otlp-wire';
import { decodeTraceRequest } from '../../../../../electron/features/tracing/otlp-protobuf';
import { field, span, traceExport } from '../../../../support/otlp-protobuf-writer';

const OURS = 'aa'.repeat(16);
const THEIRS = 'bb'.repeat(16);
const isStarted = (traceId: string) => traceId === OURS;

describe('the OTLP wire pre-check', () => {
  it('cuts the spans of traces Hooklab did not start, keeping the resource and scope around the others', () => {
    const bytes = traceExport('shop', span(THEIRS, '01'.repeat(8), 'theirs-1'), span(OURS, '02'.repeat(8), 'ours'), span(THEIRS, '03'.repeat(8), 'theirs-2'));
    const kept = keepStartedRecords(bytes, 'span', isStarted);
    expect(kept.dropped).toBe(2);
    const request = decodeTraceRequest(kept.bytes) as { resourceSpans: { resource: unknown; scopeSpans: { scope: unknown; spans: { name: string; traceId: string }[] }[] }[] };
    expect(request.resourceSpans).toHaveLength(1);
    expect(request.resourceSpans[0]!.resource).toEqual({ attributes: [{ key: 'service.name', value: { stringValue: 'shop' } }] });
    expect(request.resourceSpans[0]!.scopeSpans[0]!.scope).toEqual({ name: 'manual' });
    expect(request.resourceSpans[0]!.scopeSpans[0]!.spans.map((s) => [s.name, s.traceId])).toEqual([['ours', OURS]]);
  });

  it('never decodes a span of another trace: bytes that are not protobuf inside one cost nothing', () => {
    // After its trace id, the foreign span holds a field of wire type 7, which no decoder reads.
    const damaged = field(2, field(1, Buffer.from(THEIRS, 'hex')), Buffer.from([0x0f, 0xff, 0xff]));
    const bytes = traceExport('shop', damaged, span(OURS, '02'.repeat(8), 'ours'));
    expect(() => decodeTraceRequest(bytes)).toThrow();
    const kept = keepStartedRecords(bytes, 'span', isStarted);
    expect(kept.dropped).toBe(1);
    expect(JSON.stringify(decodeTraceRequest(kept.bytes))).toContain('"ours"');
  });

  it('leaves nothing of an export with no started trace, and counts spans without a trace id as dropped', () => {
    const noId = field(2, field(5, 'no id'));
    const kept = keepStartedRecords(traceExport('shop', span(THEIRS, '01'.repeat(8), 'x'), noId), 'span', isStarted);
    expect(kept).toEqual({ bytes: expect.any(Uint8Array), dropped: 2 });
    expect(kept.bytes.length).toBe(0);
  });

  it('refuses bytes that are not protobuf', () => {
    expect(() => keepStartedRecords(new Uint8Array([0xff, 0xff, 0xff]), 'span', isStarted)).toThrow(/truncated varint/);
    expect(() => keepStartedRecords(field(1, Buffer.from([0x0a, 0x50])), 'span', isStarted)).toThrow(/longer than its message/);
  });
});
