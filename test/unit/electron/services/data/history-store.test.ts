import { describe, expect, it } from 'vitest';
import { HistoryActivityReads } from '../../../../../electron/services/data/history-activity';
import type { WebhookDelivery } from '../../../../../shared/service';
import { historyDelivery, historyInMemory } from './history-fixture';

const delivery = (id: number, eventId: number, delivered: boolean, status = delivered ? 200 : 500): WebhookDelivery =>
  historyDelivery({
    id,
    eventId,
    eventCreated: '2026-01-01T00:00:00Z',
    responseStatusCode: status,
    delivered,
    created: `2026-01-01T00:00:${String(id % 60).padStart(2, '0')}Z`,
  });

describe('HistoryStore', () => {
  const history = historyInMemory();

  it('commits a page with its cursor and counts a replayed page as updates', () => {
    expect(history.store.cursor('sandbox')).toBe(0);
    expect(history.store.apply('sandbox', [delivery(1, 1, false, 0), delivery(2, 2, true)], 2, 'now')).toEqual({ inserted: 2, updated: 0 });
    expect(history.store.cursor('sandbox')).toBe(2);
    expect(history.store.apply('sandbox', [delivery(1, 1, true), delivery(3, 3, true)], 3, 'now')).toEqual({ inserted: 1, updated: 1 });
    expect(history.store.get('sandbox', 1)?.delivered).toBe(true);
    expect(history.store.counts('sandbox')).toEqual({ deliveries: 3, events: 3, pendingEvents: 0, inFlight: 0 });
    expect(history.store.cursor('live-1')).toBe(0);
  });

  it('counts events per type, delivered (one 2xx attempt is enough) and not, most events first', () => {
    const typed = (d: WebhookDelivery, eventType: string) => ({ ...d, eventType });
    history.store.apply(
      'sandbox',
      [
        typed(delivery(1, 1, false), 'SuccessPayment'),
        typed(delivery(2, 1, true), 'SuccessPayment'), // retried, then delivered: one delivered event
        typed(delivery(3, 2, false), 'SuccessPayment'),
        delivery(4, 3, true),
        delivery(5, 4, true),
        delivery(6, 5, true),
      ],
      6,
      'now',
    );
    const bars = new HistoryActivityReads(history.db);
    expect(bars.byEventType('sandbox')).toEqual([
      { eventType: 'Created', delivered: 3, failed: 0 },
      { eventType: 'SuccessPayment', delivered: 1, failed: 1 },
    ]);
    expect(bars.byEventType('live-1')).toEqual([]);
  });

  it('rolls back the page and the cursor together', () => {
    const bad = { ...delivery(2, 2, true), payload: null } as unknown as WebhookDelivery;
    expect(() => history.store.apply('sandbox', [delivery(1, 1, true), bad], 2, 'now')).toThrow();
    expect(history.store.cursor('sandbox')).toBe(0);
    expect(history.store.counts('sandbox').deliveries).toBe(0);
  });

  it('groups events: pending while none of its deliveries is delivered', () => {
    history.store.apply('sandbox', [delivery(1, 1, false), delivery(2, 2, false), delivery(3, 1, true), delivery(4, 2, false, 410)], 4, 'now');
    const all = history.store.events('sandbox', { pendingOnly: false, offset: 0, limit: 10 });
    expect(all.total).toBe(2);
    expect(all.events.map((e) => [e.eventId, e.delivered, e.deliveries, e.lastDeliveryId, e.lastStatus])).toEqual([
      [2, false, 2, 4, 410],
      [1, true, 2, 3, 200],
    ]);
    expect(history.store.events('sandbox', { pendingOnly: true, offset: 0, limit: 10 }).events.map((e) => e.eventId)).toEqual([2]);
    expect(all.events.map((e) => e.orderId)).toEqual(['2', '1']);
    expect(history.store.pendingEventIds('sandbox')).toEqual([2]);
    expect(history.store.counts('sandbox').pendingEvents).toBe(1);
  });

  it('limits pending events to those first logged since a time (a later resend does not make an old event recent)', () => {
    // Event 1 first logged at :01 and resent (still failing) at :30; event 5 first logged at :05.
    history.store.apply('sandbox', [delivery(1, 1, false), delivery(5, 5, false), delivery(30, 1, false), delivery(40, 40, true)], 40, 'now');
    expect(history.store.pendingEventIds('sandbox')).toEqual([1, 5]);
    expect(history.store.pendingEventIds('sandbox', '2026-01-01T00:00:05Z')).toEqual([5]);
    expect(history.store.pendingEventIds('sandbox', '2026-01-01T00:00:01Z')).toEqual([1, 5]);
    expect(history.store.pendingEventIds('sandbox', '2026-01-01T00:00:06Z')).toEqual([]);
  });

  it('names no order for an event whose payload is not JSON', () => {
    history.store.apply('sandbox', [{ ...delivery(1, 1, true), payload: 'not json' }], 1, 'now');
    expect(history.store.events('sandbox', { pendingOnly: false, offset: 0, limit: 10 }).events[0]?.orderId).toBeNull();
  });

  it('lists in-flight deliveries, least recently checked first', () => {
    history.store.apply('sandbox', [delivery(1, 1, false, 0), delivery(2, 2, false, 0)], 2, '2026-01-01T00:00:02Z');
    history.store.apply('sandbox', [delivery(1, 1, false, 0)], null, '2026-01-01T00:00:05Z');
    expect(history.store.inFlightIds('sandbox', 10)).toEqual([2, 1]);
    expect(history.store.list('sandbox', { afterId: 1, limit: 10 }).map((d) => d.id)).toEqual([2]);
    expect(history.store.list('sandbox', { afterId: 0, limit: 10, eventId: 1 }).map((d) => d.id)).toEqual([1]);
  });
});
