import { describe, expect, it } from 'vitest';
import type { DeliverySummary } from '../../../../../../../shared/contract/live';
import { withOrderEvents } from '../../../../../../../renderer/src/features/sequences/flows/flow-order-events';

const d = (id: number, orderId: string | null, orderReference: string | null) => ({ id, orderId, orderReference }) as DeliverySummary;

describe('withOrderEvents', () => {
  it('keeps the deliveries of the flow’s order, by the service’s id or the integrator’s reference, in arrival order', () => {
    const events = withOrderEvents([d(4, 'o-1', null)], [d(6, null, 'ref-1'), d(5, 'o-1', null), d(3, 'o-2', 'ref-2')], { orderId: 'o-1', reference: 'ref-1' });
    expect(events.map((e) => e.id)).toEqual([4, 5, 6]);
  });

  it('returns the same list when nothing new belongs to the order (no store update)', () => {
    const events = [d(4, 'o-1', null)];
    expect(withOrderEvents(events, [d(4, 'o-1', null), d(9, 'o-2', null)], { orderId: 'o-1', reference: null })).toBe(events);
    expect(withOrderEvents(events, [d(9, null, null)], { orderId: null, reference: null })).toBe(events);
  });
});
