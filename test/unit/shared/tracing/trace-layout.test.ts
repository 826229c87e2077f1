import { describe, expect, it } from 'vitest';
import type { TraceSpan } from '../../../../shared/contract/tracing';
import { diffTraces, exceptionsOf, layoutTrace } from '../../../../shared/tracing/trace-layout';

const span = (spanId: string, parentSpanId: string | null, startMs: number, durationMs: number, over: Partial<TraceSpan> = {}): TraceSpan => ({
  spanId,
  parentSpanId,
  name: spanId,
  service: 'shop-api',
  startedAt: new Date(Date.UTC(2026, 0, 1) + startMs).toISOString(),
  durationMs,
  status: 'unset',
  attributes: {},
  events: [],
  ...over,
});

describe('layoutTrace', () => {
  it('puts children under their parent in start order, on the trace time line', () => {
    const rows = layoutTrace([
      span('custom', 'route', 40, 10),
      span('server', 'hooklab-span-not-here', 0, 100),
      span('route', 'server', 20, 60),
      span('parser', 'server', 5, 5),
    ]);
    expect(rows.map((r) => [r.span.spanId, r.depth])).toEqual([
      ['server', 0],
      ['parser', 1],
      ['route', 1],
      ['custom', 2],
    ]);
    expect(rows[0]).toMatchObject({ offsetPct: 0, widthPct: 100 });
    expect(rows[3]).toMatchObject({ offsetPct: 40, widthPct: 10 });
  });

  it('shows every span once even when parent ids make a cycle', () => {
    const rows = layoutTrace([span('a', 'b', 0, 1), span('b', 'a', 1, 1)]);
    expect(rows.map((r) => r.span.spanId).sort()).toEqual(['a', 'b']);
  });
});

describe('exceptionsOf', () => {
  it('reads message, type and stack from the exception events', () => {
    const s = span('x', null, 0, 1, {
      events: [
        { name: 'exception', attributes: { 'exception.type': 'Error', 'exception.message': 'boom', 'exception.stacktrace': 'Error: boom\n  at f' } },
        { name: 'cache-miss', attributes: {} },
      ],
    });
    expect(exceptionsOf(s)).toEqual([{ type: 'Error', message: 'boom', stack: 'Error: boom\n  at f' }]);
  });
});

describe('diffTraces', () => {
  it('lists the spans only one trace has first (the duplicate took the idempotency path)', () => {
    const first = [span('1', null, 0, 5, { name: 'POST /webhooks' }), span('2', '1', 1, 2, { name: 'insert order' })];
    const again = [span('3', null, 0, 5, { name: 'POST /webhooks' }), span('4', '3', 1, 1, { name: 'already processed' })];
    expect(diffTraces(first, again).map((r) => [r.name, r.left, r.right])).toEqual([
      ['already processed', 0, 1],
      ['insert order', 1, 0],
      ['POST /webhooks', 1, 1],
    ]);
  });
});
