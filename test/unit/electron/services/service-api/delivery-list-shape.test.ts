import { describe, expect, it } from 'vitest';
import { DeliveryListResponseSchema } from '../../../../../shared/service';
import { deliveryListProblem, parseDeliveryList } from '../../../../../electron/services/service-api/delivery-list-shape';
import { HistoryApiError } from '../../../../../electron/services/service-api/errors';

const delivery = {
  id: 7,
  eventId: 3,
  eventType: 'Created',
  eventCreated: '2026-01-01T00:00:00Z',
  url: 'http://127.0.0.1:9/webhook',
  payload: '{"EventType":"Created"}',
  responseStatusCode: 200,
  delivered: true,
  created: '2026-01-01T00:00:01Z',
};
const page = (d: unknown) => ({ webhookEvents: [delivery, d], totalCount: 2 });

describe('delivery list shape check', () => {
  it('accepts what the schema accepts and refuses what it refuses', () => {
    const samples: unknown[] = [
      { webhookEvents: [], totalCount: 0 },
      page(delivery),
      page({ ...delivery, extra: 'kept' }),
      null,
      [],
      { webhookEvents: {}, totalCount: 0 },
      { webhookEvents: [], totalCount: '0' },
      { webhookEvents: [], totalCount: 1.5 },
      { items: [], count: 'many' },
      page(null),
      page([delivery]),
      ...Object.keys(delivery).map((k) => page({ ...delivery, [k]: undefined })),
      page({ ...delivery, id: 7.5 }),
      page({ ...delivery, id: '7' }),
      page({ ...delivery, delivered: 1 }),
      page({ ...delivery, payload: { a: 1 } }),
      page({ ...delivery, responseStatusCode: null }),
    ];
    for (const sample of samples) {
      expect(deliveryListProblem(sample) === null, JSON.stringify(sample)).toBe(DeliveryListResponseSchema.safeParse(sample).success);
    }
  });

  it('says where the shape went wrong', () => {
    expect(deliveryListProblem(page({ ...delivery, eventId: 'x' }))).toBe('webhookEvents.1.eventId: expected an integer');
    const error = (() => {
      try {
        parseDeliveryList(JSON.stringify({ items: [] }), 'the delivery list');
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(HistoryApiError);
    expect((error as HistoryApiError).kind).toBe('unexpected-shape');
    expect((error as HistoryApiError).message).toMatch(/unexpected shape \(webhookEvents: expected an array\)/);
    expect(() => parseDeliveryList('{"webhookEvents": [', 'the delivery list')).toThrow(/not JSON/);
  });
});
