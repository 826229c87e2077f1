import { describe, expect, it } from 'vitest';
import { createSequencesStore } from '../../../../../../renderer/src/features/sequences/create-sequences-store';
import { createFakeTransport } from '../../../support/fake-transport';

/** A host listing `total` orders (only as many as asked for). */
function listing(total: number) {
  return ({ limit }: { limit?: number }) =>
    ({
      orders: Array.from({ length: Math.min(total, limit ?? total) }, (_, i) => ({ orderId: `o${i}` })),
      total,
      allOrders: total,
      orderTypes: ['card'],
      unassigned: [],
      unassignedTotal: 0,
    }) as never;
}

describe('createSequencesStore', () => {
  it('reads the newest page first, then all matches, with the filters set', async () => {
    const transport = createFakeTransport();
    transport.answer('sequences.list', listing(600));
    const store = createSequencesStore(transport);
    await store.showOrders({ orderType: 'card', status: '', flags: 'flagged', text: '' });
    await store.loadOrders();
    const lists = transport.calls.filter((c) => c.name === 'sequences.list').map((c) => c.args);
    expect(lists.at(-2)).toEqual({ orderType: 'card', hasFlags: true, limit: 500 });
    expect(lists.at(-1)).toEqual({ orderType: 'card', hasFlags: true, limit: 50_000 });
    expect(store.getState()).toMatchObject({ total: 600, loaded: true, listError: null });
    expect(store.getState().orders).toHaveLength(600);
  });

  it('reads again for the filters it was shown, keeps no copy of them, and drops an older answer arriving late', async () => {
    const transport = createFakeTransport();
    const answers: Array<() => void> = [];
    transport.answer('sequences.list', (args) => new Promise((resolve) => answers.push(() => resolve(listing(args.status === 'PAID' ? 1 : 2)(args)))));
    const store = createSequencesStore(transport);
    const first = store.showOrders({ orderType: '', status: 'CANCELLED', flags: 'any', text: '' });
    const second = store.showOrders({ orderType: '', status: 'PAID', flags: 'any', text: ' 42 ' });
    answers[1]!();
    answers[0]!();
    await Promise.all([first, second]);
    expect(store.getState().total).toBe(1);
    expect(store.getState()).not.toHaveProperty('filters');
    const reading = store.loadOrders();
    answers[2]!();
    await reading;
    expect(transport.calls.filter((c) => c.name === 'sequences.list').at(-1)!.args).toEqual({ status: 'PAID', text: '42', limit: 500 });
  });

  it('keeps the open order’s detail only for the answer to the last selection', async () => {
    const transport = createFakeTransport();
    const answers: Array<() => void> = [];
    transport.answer('sequences.get', ({ orderId }) => new Promise((resolve) => answers.push(() => resolve({ summary: { orderId } } as never))));
    const store = createSequencesStore(transport);
    const first = store.loadOrder('a');
    const second = store.loadOrder('b');
    answers[1]!();
    answers[0]!();
    await Promise.all([first, second]);
    expect(store.getState()).toMatchObject({ selectedId: 'b', detail: { summary: { orderId: 'b' } } });
    await store.loadOrder(null);
    expect(store.getState()).toMatchObject({ selectedId: null, detail: null });
  });

  it('says a failed list', async () => {
    const transport = createFakeTransport();
    transport.answer('sequences.list', () => {
      throw new Error('index rebuilding');
    });
    const store = createSequencesStore(transport);
    await store.loadOrders();
    expect(store.getState()).toMatchObject({ listError: 'index rebuilding', loaded: true });
  });
});
