import { describe, expect, it } from 'vitest';
import { isTraceId, newTraceContext, withTraceparent } from '../../../../shared/tracing/trace-context';

describe('trace context', () => {
  it('draws a new sampled W3C traceparent each time', () => {
    const a = newTraceContext();
    const b = newTraceContext();
    expect(a.traceparent).toBe(`00-${a.traceId}-${a.spanId}-01`);
    expect(a.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(isTraceId(a.traceId)).toBe(true);
    expect(b.traceId).not.toBe(a.traceId);
  });

  it("replaces the sender's trace context (traceparent, tracestate, baggage), keeps every other header in order", () => {
    const trace = newTraceContext();
    const headers = withTraceparent(
      [
        ['Content-Type', 'application/json'],
        ['TraceParent', '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01'],
        ['TraceState', 'vendor=1'],
        ['baggage', 'userId=alice'],
        ['X-Svc-Event-Id', '9'],
      ],
      trace,
    );
    expect(headers).toEqual([
      ['Content-Type', 'application/json'],
      ['X-Svc-Event-Id', '9'],
      ['traceparent', trace.traceparent],
    ]);
  });

  it('knows a trace id: 32 lower-case hex digits, not all zero', () => {
    expect(isTraceId('0af7651916cd43dd8448eb211c80319c')).toBe(true);
    expect(isTraceId('0'.repeat(32))).toBe(false);
    expect(isTraceId('0AF7651916CD43DD8448EB211C80319C')).toBe(false);
    expect(isTraceId('abc')).toBe(false);
  });
});
