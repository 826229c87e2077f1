import { describe, expect, it } from 'vitest';
import type { FlowExchange, FlowsInfo } from '../../../../../../../shared/contract/flows';
import { createFlowsStore, loggedFor } from '../../../../../../../renderer/src/features/sequences/flows/create-flows-store';
import { deliverySummary } from '../../../../../../support/delivery-summary';
import { createFakeTransport } from '../../../../support/fake-transport';

const delivery = (id: number, orderId: string | null, orderReference: string | null = null) => deliverySummary({ id, orderId, orderReference });

/** Lets the store's pending calls answer (the fake answers in microtasks). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('createFlowsStore', () => {
  it('keeps the deliveries of the running flow’s order as they arrive, and stops when unfollowed', () => {
    const transport = createFakeTransport();
    const store = createFlowsStore(transport);
    const unfollow = store.follow();
    store.startFlow({ reference: 'ref-1' }, 'card');
    transport.emit('live.received', { deliveries: [delivery(2, 'o-other'), delivery(1, null, 'ref-1')] });
    expect(store.getState().events.map((d) => d.id)).toEqual([1]);
    unfollow();
    expect(transport.listeners()).toBe(0);
    transport.emit('live.received', { deliveries: [delivery(3, null, 'ref-1')] });
    expect(store.getState().events.map((d) => d.id)).toEqual([1]);
  });

  it('picks up what already arrived once an answer names the order, and again after a reconnect', async () => {
    const transport = createFakeTransport();
    const received = [delivery(5, 'o-9'), delivery(4, 'o-8')];
    transport.answer('live.list', () => ({ rows: received, total: received.length, nextBeforeId: null }));
    const store = createFlowsStore(transport);
    const unfollow = store.follow();
    store.startFlow({ reference: 'ref-2' }, 'card');
    await store.setFlowOrderId('o-9');
    expect(store.getState()).toMatchObject({ order: { reference: 'ref-2', orderId: 'o-9' } });
    expect(store.getState().events.map((d) => d.id)).toEqual([5]);
    received.unshift(delivery(6, 'o-9'));
    transport.reconnect();
    await settle();
    expect(store.getState().events.map((d) => d.id)).toEqual([5, 6]);
    unfollow();
  });

  it('starts each flow with an empty log, records its exchanges, and says an environment it could not read', async () => {
    const transport = createFakeTransport();
    const store = createFlowsStore(transport);
    store.recordExchange({ method: 'POST' } as unknown as FlowExchange);
    store.startFlow({}, 'link');
    expect(store.getState()).toMatchObject({ exchanges: [], events: [], order: { reference: null, orderId: null } });
    store.recordExchange({ method: 'GET' } as unknown as FlowExchange);
    expect(store.getState().exchanges).toHaveLength(1);
    await store.loadFlowsInfo();
    expect(store.getState().loadError).toContain('flows.info');
    transport.answer('flows.info', () => ({ available: true }) as unknown as FlowsInfo);
    await store.loadFlowsInfo();
    expect(store.getState()).toMatchObject({ info: { available: true }, loadError: null });
  });
});

describe('loggedFor', () => {
  it('shows a tab its own flow’s requests only: the Payment link tab shows nothing of a card flow run', () => {
    const store = createFlowsStore(createFakeTransport());
    store.startFlow({ reference: 'ref-card' }, 'card');
    store.recordExchange({ method: 'POST', path: '/paymentmethods' } as unknown as FlowExchange);
    expect(loggedFor(store.getState(), 'card').exchanges).toHaveLength(1);
    expect(loggedFor(store.getState(), 'link').exchanges).toEqual([]);
    store.startFlow({}, 'link');
    expect(loggedFor(store.getState(), 'card').exchanges).toEqual([]);
  });
});
