import { describe, expect, it } from 'vitest';
import { boundTrace, describeCut } from '../../../../shared/tracing/bound-trace';
import type { TraceSpan } from '../../../../shared/contract/tracing';

const span = (i: number, text = 'x'): TraceSpan => ({
  spanId: i.toString(16).padStart(16, '0'), parentSpanId: null, name: `span ${i}`, service: 'shop', startedAt: '2026-01-01T00:00:00.000Z', durationMs: 1, status: 'ok',
  attributes: { 'db.statement': text }, events: [{ name: 'exception', attributes: { 'exception.message': text } }],
});

describe('boundTrace', () => {
  it('leaves a small trace whole, with no cut', () => {
    const trace = { traceId: 't', spans: [span(1), span(2)], totalSpans: 2 };
    expect(boundTrace(trace, { maxValueChars: 100, maxBytes: 10_000 })).toEqual({ trace, cut: null });
  });

  it('shortens long texts and stops adding spans at the byte budget, saying both', () => {
    const spans = Array.from({ length: 50 }, (_, i) => span(i, 'y'.repeat(5_000)));
    const bounds = { maxValueChars: 200, maxBytes: 5_000 };
    const { trace, cut } = boundTrace({ traceId: 't', spans, totalSpans: 60_000 }, bounds);
    expect(trace.spans.length).toBeGreaterThan(0);
    expect(trace.spans.length).toBeLessThan(50);
    expect(new TextEncoder().encode(JSON.stringify(trace.spans)).length).toBeLessThanOrEqual(5_000);
    expect(String(trace.spans[0]!.attributes['db.statement'])).toBe(`${'y'.repeat(200)}… [4800 more characters cut]`);
    expect(cut).toEqual({ spansShown: trace.spans.length, spansTotal: 60_000, valuesShortened: trace.spans.length * 2 });
    expect(describeCut(cut!, bounds)).toBe(
      `showing the first ${trace.spans.length} of 60000 spans (start order); open the trace in Hooklab for the rest; ${cut!.valuesShortened} names or attribute values shortened to 200 characters`,
    );
  });

  it('keeps at least one span, however large', () => {
    const { trace } = boundTrace({ traceId: 't', spans: [span(1, 'z'.repeat(10_000))], totalSpans: 1 }, { maxValueChars: 20_000, maxBytes: 100 });
    expect(trace.spans).toHaveLength(1);
  });
});
