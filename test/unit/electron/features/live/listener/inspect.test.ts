import { describe, expect, it } from 'vitest';
import { inspectBody, readEventHeaders } from '../../../../../../electron/features/live/listener/inspect';

const enc = new TextEncoder();

describe('inspectBody', () => {
  it('reads the 2.8 fields of an event', () => {
    const body = enc.encode(JSON.stringify({ orderId: 'o1', orderReference: 'r', orderType: 'FULL', description: 'x', level: 'Info', type: 'Created' }));
    expect(inspectBody(body).fields).toEqual({ eventType: 'Created', level: 'Info', orderType: 'FULL', orderId: 'o1', orderReference: 'r' });
  });

  it('gives nulls for empty, non-JSON, non-object and invalid UTF-8 bodies', () => {
    for (const body of [new Uint8Array(0), enc.encode('hello'), enc.encode('[1]'), new Uint8Array([0xff, 0x7b])]) {
      expect(inspectBody(body).fields.eventType).toBeNull();
    }
  });
});

describe('readEventHeaders', () => {
  it('reads a numeric event id and the created time', () => {
    expect(readEventHeaders({ 'x-svc-event-id': '42', 'x-svc-event-created': '2024-05-01T10:00:00.123Z' })).toEqual({
      eventId: 42,
      eventCreated: '2024-05-01T10:00:00.123Z',
      eventCreatedMs: Date.parse('2024-05-01T10:00:00.123Z'),
    });
  });

  it('ignores a non-numeric id and an unparsable time but keeps its text', () => {
    expect(readEventHeaders({ 'x-svc-event-id': 'abc', 'x-svc-event-created': 'yesterday' })).toEqual({
      eventId: null,
      eventCreated: 'yesterday',
      eventCreatedMs: null,
    });
  });
});

describe('inspectBody on bodies too large to parse', () => {
  it('still reads the type and order of a body over 16 MiB, after a huge metadata member', () => {
    const padding = 'a'.repeat(17 * 1024 * 1024);
    const body = enc.encode(`{"metadata":{"blob":"${padding}"},"type":"SuccessPayment","orderId":"ord-9","orderType":"FULL","level":"Info","orderReference":"r9"}`);
    expect(inspectBody(body)).toEqual({ fields: { eventType: 'SuccessPayment', level: 'Info', orderType: 'FULL', orderId: 'ord-9', orderReference: 'r9' }, bodyKind: null });
  });

  it('gives nulls for a large body that is not a JSON object', () => {
    const body = enc.encode(`{"type":"A","blob":"${'a'.repeat(17 * 1024 * 1024)}"`);
    expect(inspectBody(body)).toMatchObject({ fields: { eventType: null }, bodyKind: 'not-json' });
  });
});
