import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryDetail, DeliverySummary } from '../../../../../../shared/contract/live';
import { deliverySummary } from '../../../../../support/delivery-summary';
import { createLiveStore } from '../../../../../../renderer/src/features/live/create-live-store';
import { createFakeTransport } from '../../../support/fake-transport';

function delivery(id: number): DeliverySummary {
  return deliverySummary({ id, path: '/webhooks', bodySize: 10, eventId: id, eventType: 'Created', level: 'Info', signature: 'valid' });
}

function detailOf(id: number): DeliveryDetail {
  return { summary: delivery(id), headers: [], bodyBase64: '', bodyText: '', bodyStoredBytes: 0, bodySha256: '', forwards: [] };
}

/** A Live store over a fake host holding deliveries `1..count`; frames run when the test says. */
function setup(count: number) {
  const transport = createFakeTransport();
  const stored = Array.from({ length: count }, (_, i) => delivery(count - i));
  transport.answer('live.list', ({ beforeId, limit }) => {
    const rows = stored.filter((d) => beforeId === undefined || d.id < beforeId).slice(0, limit ?? 1000);
    const last = rows.at(-1);
    return { rows, total: stored.length, nextBeforeId: last && last.id > 1 ? last.id : null };
  });
  transport.answer('live.get', ({ id }) => detailOf(id));
  const frames: Array<() => void> = [];
  const store = createLiveStore(transport, { frame: (cb) => frames.push(cb) });
  const runFrames = () => frames.splice(0).forEach((f) => f());
  return { transport, store, stored, runFrames };
}

/** Lets the store's pending calls answer (the fake answers in microtasks). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe('createLiveStore', () => {
  it('loads the newest page, then every older page, and says when it has all', async () => {
    const { store, transport } = setup(1_200);
    const unfollow = store.follow();
    await settle();
    const state = store.getState();
    expect(state.rows).toHaveLength(1_200);
    expect(state.rows[0]!.id).toBe(1_200);
    expect(state.rows.at(-1)!.id).toBe(1);
    expect(state.total).toBe(1_200);
    expect(state.loadingAll).toBe(false);
    expect(transport.calls.filter((c) => c.name === 'live.list')).toHaveLength(2);
    unfollow();
  });

  it('applies live events once per frame, and stops listening when unfollowed', async () => {
    const { store, transport, runFrames } = setup(2);
    const unfollow = store.follow();
    await settle();
    transport.emit('live.received', { deliveries: [delivery(3)] });
    transport.emit('live.received', { deliveries: [delivery(4)] });
    expect(store.getState().rows.map((r) => r.id)).toEqual([2, 1]);
    runFrames();
    expect(store.getState().rows.map((r) => r.id)).toEqual([4, 3, 2, 1]);
    expect(store.getState().liveUpdates).toBe(1);

    unfollow();
    expect(transport.listeners()).toBe(0);
    transport.emit('live.received', { deliveries: [delivery(5)] });
    runFrames();
    expect(store.getState().rows.map((r) => r.id)).toEqual([4, 3, 2, 1]);
  });

  it('empties on live.cleared and reads everything again after a reconnect', async () => {
    const { store, transport, stored } = setup(3);
    const unfollow = store.follow();
    await settle();
    store.toggleChecked(2);
    transport.emit('live.cleared', {});
    expect(store.getState()).toMatchObject({ rows: [], total: 0, activeId: null });
    expect(store.getState().checked.size).toBe(0);
    stored.unshift(delivery(4));
    transport.reconnect();
    await settle();
    expect(store.getState().rows.map((r) => r.id)).toEqual([4, 3, 2, 1]);
    unfollow();
  });

  it('fetches the detail of the selected delivery, and again when its forward results arrive', async () => {
    const { store, transport, runFrames } = setup(3);
    const unfollow = store.follow();
    await settle();
    await store.activate(2);
    expect(store.getState().detail?.summary.id).toBe(2);
    const gets = () => transport.calls.filter((c) => c.name === 'live.get').length;
    expect(gets()).toBe(1);
    transport.emit('live.forwarded', { id: 2, handler: { targets: 1, failed: 0, firstStatus: 204, firstError: null }, answeredStatus: 200 });
    runFrames();
    await settle();
    expect(gets()).toBe(2);
    store.closeDetail();
    expect(store.getState()).toMatchObject({ activeId: null, detail: null });
    unfollow();
  });

  it('says a failed load, and a failed detail beside the list', async () => {
    const { store, transport } = setup(1);
    transport.answer('live.list', () => {
      throw new Error('disk unreadable');
    });
    transport.answer('live.get', () => {
      throw new Error('no such delivery');
    });
    const unfollow = store.follow();
    await settle();
    expect(store.getState().error).toBe('disk unreadable');
    await store.activate(9);
    expect(store.getState()).toMatchObject({ detail: null, detailError: 'no such delivery' });
    unfollow();
  });

  it('searches bodies once typing pauses, for the last query only', async () => {
    vi.useFakeTimers();
    const { store, transport } = setup(3);
    transport.answer('live.search', ({ query }) => ({ ids: query === 'coupon' ? [2] : [], more: false, indexing: 0 }));
    store.searchBodies('coup');
    store.searchBodies('coupon');
    await vi.runAllTimersAsync();
    const searches = transport.calls.filter((c) => c.name === 'live.search');
    expect(searches).toEqual([{ name: 'live.search', args: { query: 'coupon' } }]);
    expect(store.getState().bodyHits).toMatchObject({ query: 'coupon', more: false, indexing: 0 });
    expect([...store.getState().bodyHits!.ids]).toEqual([2]);
    store.searchBodies('');
    await vi.runAllTimersAsync();
    expect(store.getState().bodyHits).toBeNull();
  });

  it('exports the checked deliveries a page at a time, in id order', async () => {
    const { store, transport } = setup(3);
    transport.answer('live.export', ({ ids, afterId }) => {
      const rest = (ids ?? []).filter((id) => id > (afterId ?? 0));
      const page = rest.slice(0, 1);
      return { ndjson: page.map((id) => `{"id":${id}}\n`).join(''), count: page.length, nextAfterId: rest.length > 1 ? page[0]! : null, total: rest.length };
    });
    const progress: Array<[number, number]> = [];
    const blob = await store.exportNdjson([3, 1], (done, total) => progress.push([done, total]));
    expect(await blob.text()).toBe('{"id":1}\n{"id":3}\n');
    expect(progress).toEqual([
      [1, 2],
      [2, 2],
    ]);
  });
});
