import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../electron/services/data/migrate';
import { migrations } from '../../../../../electron/services/data/migrations';
import { TraceStore, type SpanToStore } from '../../../../../electron/services/data/trace-store';

function store(db = new DatabaseSync(':memory:')): TraceStore {
  migrate(db, migrations);
  return new TraceStore(db);
}

const TRACE = '0af7651916cd43dd8448eb211c80319c';
const span = (spanId: string, startedNs: string, over: Partial<SpanToStore> = {}): SpanToStore => ({
  traceId: TRACE,
  spanId,
  parentSpanId: null,
  name: `span ${spanId}`,
  service: 'shop-api',
  startedAt: new Date(Number(BigInt(startedNs) / 1_000_000n)).toISOString(),
  startedNs,
  durationMs: 1.5,
  status: 'unset',
  attributes: { 'http.route': '/webhooks' },
  events: [{ name: 'exception', attributes: { 'exception.message': 'boom' } }],
  ...over,
});

const LIMITS = { spans: 1000, bytes: 1024 * 1024 };

describe('TraceStore', () => {
  it('gives a trace in start order, each span once however often it is sent', () => {
    const s = store();
    expect(s.add([span('bbbbbbbbbbbbbbbb', '1767225600000000200'), span('aaaaaaaaaaaaaaaa', '1767225600000000100')], LIMITS)).toBe(2);
    expect(s.add([span('aaaaaaaaaaaaaaaa', '1767225600000000100')], LIMITS)).toBe(0);
    const trace = s.get(TRACE);
    expect(trace.spans.map((x) => x.spanId)).toEqual(['aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb']);
    expect(trace.spans[0]).toEqual({
      spanId: 'aaaaaaaaaaaaaaaa',
      parentSpanId: null,
      name: 'span aaaaaaaaaaaaaaaa',
      service: 'shop-api',
      startedAt: '2026-01-01T00:00:00.000Z',
      durationMs: 1.5,
      status: 'unset',
      attributes: { 'http.route': '/webhooks' },
      events: [{ name: 'exception', attributes: { 'exception.message': 'boom' } }],
    });
    expect(s.counts().count).toBe(2);
  });

  it('removes the oldest spans beyond the count cap and beyond the byte cap', () => {
    const s = store();
    const spans = Array.from({ length: 5 }, (_, i) => span(`${i}`.repeat(16), `176722560000000000${i}`));
    s.add(spans, { spans: 3, bytes: LIMITS.bytes });
    expect(s.get(TRACE).spans.map((x) => x.spanId[0])).toEqual(['2', '3', '4']);
    const oneSize = s.counts().bytes / 3;
    s.add([span('9'.repeat(16), '1767225600000000009')], { spans: 100, bytes: Math.floor(oneSize * 2) });
    expect(s.get(TRACE).spans.map((x) => x.spanId[0])).toEqual(['4', '9']);
    expect(s.counts()).toEqual({ count: 2, bytes: Math.round(oneSize * 2) });
  });

  it("leaves the connection's durability as it found it (FULL for the listener)", () => {
    const db = new DatabaseSync(':memory:');
    db.exec('PRAGMA synchronous = FULL');
    const s = store(db);
    s.add([span('aaaaaaaaaaaaaaaa', '1767225600000000100')], LIMITS);
    expect(db.prepare('PRAGMA synchronous').get()).toEqual({ synchronous: 2 });
  });
});
