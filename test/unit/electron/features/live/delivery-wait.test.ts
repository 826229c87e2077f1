import { describe, expect, it } from 'vitest';
import type { DeliverySummary } from '../../../../../shared/contract/live';
import { parseCallArgs } from '../../../../../shared/contract';
import { DeliveryWaits } from '../../../../../electron/features/live/delivery-wait';
import { EventBus } from '../../../../../electron/services/kernel/event-bus';
import { deliverySummary } from '../../../../support/delivery-summary';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const at = (secondsAfter: number) => new Date(NOW + secondsAfter * 1000).toISOString();

/** The store's listing over rows given oldest first (list answers newest first, as DeliveryStore does). */
function storeOf(rows: DeliverySummary[]) {
  return {
    list(beforeId: number | undefined, limit: number) {
      return [...rows].reverse().filter((r) => beforeId === undefined || r.id < beforeId).slice(0, limit);
    },
  };
}

function setup(rows: DeliverySummary[] = []) {
  const bus = new EventBus();
  const waits = new DeliveryWaits({ bus, store: storeOf(rows), clock: { now: () => NOW } });
  const wait = (args: Record<string, unknown>) => waits.wait(parseCallArgs('live.waitForDelivery', args));
  return { bus, waits, wait };
}

describe('live.waitForDelivery', () => {
  it('answers with the first matching delivery of a committed batch, as the batch is announced (no polling)', async () => {
    const { bus, wait } = setup();
    const waiting = wait({ orderId: '100042', type: 'SuccessPayment' });
    bus.emit('live.received', {
      deliveries: [
        deliverySummary({ id: 7, receivedAt: at(1), orderId: '100041', eventType: 'SuccessPayment' }),
        deliverySummary({ id: 8, receivedAt: at(1), orderId: '100042', eventType: 'Updated' }),
        deliverySummary({ id: 9, receivedAt: at(1), orderId: '100042', eventType: 'SuccessPayment' }),
      ],
    });
    const r = await waiting;
    expect(r.match?.id).toBe(9);
    expect(r.arrived.map((d) => d.id)).toEqual([7, 8]);
    expect(r.arrivedCount).toBe(2);
  });

  it('with `since`, a delivery stored before the call counts (the oldest matching first)', async () => {
    const rows = [
      deliverySummary({ id: 1, receivedAt: at(-120), eventId: 55 }),
      deliverySummary({ id: 2, receivedAt: at(-30), eventId: 55 }),
      deliverySummary({ id: 3, receivedAt: at(-10), eventId: 55 }),
    ];
    const r = await setup(rows).wait({ eventId: 55, since: at(-60) });
    expect(r.match?.id).toBe(2);
  });

  it('without `since`, nothing stored before the call answers it', async () => {
    const { bus, wait } = setup([deliverySummary({ id: 1, receivedAt: at(-1), eventId: 55 })]);
    const waiting = wait({ eventId: 55 });
    bus.emit('live.received', { deliveries: [deliverySummary({ id: 2, receivedAt: at(0), eventId: 55 })] });
    expect((await waiting).match?.id).toBe(2);
  });

  it('on timeout answers no match (not an error) with what did arrive meanwhile', async () => {
    const { bus, wait } = setup();
    const waiting = wait({ type: 'SuccessPayment', timeoutMs: 20 });
    bus.emit('live.received', { deliveries: [deliverySummary({ id: 4, receivedAt: at(0), eventType: 'Updated' })] });
    const r = await waiting;
    expect(r.match).toBeNull();
    expect(r.arrived.map((d) => d.id)).toEqual([4]);
    expect(r.since).toBe(at(0));
  });

  it('stop ends every wait under way at once', async () => {
    const { waits, wait } = setup();
    const waiting = wait({ type: 'SuccessPayment', timeoutMs: 60_000 });
    waits.stop();
    expect((await waiting).match).toBeNull();
  });

  it('refuses a wait longer than a minute', () => {
    expect(() => parseCallArgs('live.waitForDelivery', { timeoutMs: 60_001 })).toThrow();
  });
});
