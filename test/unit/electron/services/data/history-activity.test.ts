import { describe, expect, it } from 'vitest';
import { HistoryActivityReads } from '../../../../../electron/services/data/history-activity';
import type { WebhookDelivery } from '../../../../../shared/service';
import { historyDelivery, historyInMemory } from './history-fixture';

const T0 = Date.UTC(2026, 10, 26, 19, 0, 0);

const delivery = (id: number, atMs: number, status: number): WebhookDelivery =>
  historyDelivery({
    id,
    eventId: id,
    eventCreated: new Date(atMs).toISOString(),
    responseStatusCode: status,
    delivered: status >= 200 && status <= 299,
    created: new Date(atMs).toISOString(),
  });

describe("History's activity strip (counted in SQL over the local copy)", () => {
  const history = historyInMemory();
  /** Stores one page of `environment`'s history, its cursor at its last delivery. */
  const keep = (environment: string, ...deliveries: WebhookDelivery[]) => history.store.apply(environment, deliveries, deliveries.at(-1)!.id, 'now');

  it('counts deliveries per minute of their created time: delivered, failed, in flight; only the range and the environment', () => {
    keep('sandbox', delivery(1, T0 + 1_000, 200), delivery(2, T0 + 59_999, 500), delivery(3, T0 + 60_000, 0), delivery(4, T0 - 1, 200), delivery(5, T0 + 3_600_000, 200));
    keep('live', delivery(6, T0 + 2_000, 200));
    const result = new HistoryActivityReads(history.db).read('sandbox', T0, T0 + 3_600_000);
    expect(result.bucketMs).toBe(60_000);
    expect(result.buckets).toEqual([
      { startMs: T0, delivered: 1, failed: 1, inFlight: 0 },
      { startMs: T0 + 60_000, delivered: 0, failed: 0, inFlight: 1 },
    ]);
  });

  it('lists only the events with a delivery created in a dragged range', () => {
    keep('sandbox', delivery(1, T0 + 1_000, 200), delivery(2, T0 + 120_000, 500), delivery(3, T0 + 240_000, 200));
    const page = history.store.events('sandbox', {
      pendingOnly: false,
      offset: 0,
      limit: 10,
      createdFromMs: T0 + 60_000,
      createdToMs: T0 + 180_000,
    });
    expect(page.total).toBe(1);
    expect(page.events.map((e) => e.eventId)).toEqual([2]);
  });
});
