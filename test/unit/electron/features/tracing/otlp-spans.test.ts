import { describe, expect, it } from 'vitest';
import { readLogsExport, readTraceExport } from '../../../../../electron/features/tracing/otlp-spans';

const STARTED = 'a'.repeat(32);
const OTHER = 'b'.repeat(32);
const isStarted = (traceId: string) => traceId === STARTED;
const resource = { attributes: [{ key: 'service.name', value: { stringValue: 'shop' } }] };

describe('reading OTLP exports (resource → scope → records)', () => {
  it('keeps the spans of a started trace with their service, drops the others, skips what is not an object', () => {
    const request = {
      resourceSpans: [
        'junk',
        {
          resource,
          scopeSpans: [
            null,
            {
              spans: [
                { traceId: STARTED, spanId: '1'.repeat(16), name: 'POST /hook', startTimeUnixNano: '1000000000', endTimeUnixNano: '1500000000', status: { code: 2, message: 'boom' } },
                { traceId: OTHER, spanId: '2'.repeat(16) },
                { traceId: STARTED },
                7,
              ],
            },
          ],
        },
        { scopeSpans: [{ spans: [{ traceId: STARTED, spanId: '3'.repeat(16), name: 'db' }] }] },
      ],
    };
    const { kept, dropped } = readTraceExport(request, isStarted);
    expect(dropped).toBe(2);
    expect(kept.map((s) => [s.spanId, s.name, s.service, s.status, s.durationMs])).toEqual([
      ['1'.repeat(16), 'POST /hook', 'shop', 'error', 500],
      ['3'.repeat(16), 'db', 'unknown_service', 'unset', 0],
    ]);
    expect(kept[0]!.attributes).toEqual({ 'otel.status_description': 'boom' });
  });

  it('keeps the log records of a started trace as spans of no duration under the span that wrote them', () => {
    const request = {
      resourceLogs: [
        {
          resource,
          scopeLogs: [
            {
              logRecords: [
                { traceId: STARTED, spanId: '1'.repeat(16), severityText: 'ERROR', severityNumber: 17, timeUnixNano: '2000000000', body: { stringValue: 'bad signature' } },
                { traceId: OTHER, spanId: '1'.repeat(16) },
                { spanId: '1'.repeat(16) },
                { traceId: STARTED, observedTimeUnixNano: '3000000000', attributes: [{ key: 'k', value: { intValue: '5' } }] },
              ],
            },
          ],
        },
      ],
    };
    let n = 0;
    const { kept, dropped } = readLogsExport(request, isStarted, () => `log${++n}`.padStart(16, '0'));
    expect(dropped).toBe(2);
    expect(kept.map((s) => [s.spanId, s.parentSpanId, s.name, s.service, s.status, s.startedAt, s.attributes])).toEqual([
      ['000000000000log1', '1'.repeat(16), 'log ERROR', 'shop', 'error', '1970-01-01T00:00:02.000Z', { 'log.body': 'bad signature' }],
      ['000000000000log2', null, 'log log', 'shop', 'unset', '1970-01-01T00:00:03.000Z', { 'log.body': null, k: 5 }],
    ]);
  });
});
