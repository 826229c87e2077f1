import { describe, expect, it } from 'vitest';
import { createReplayHistoryStore } from '../../../../../../renderer/src/features/replay/create-replay-history-store';
import { createFakeTransport } from '../../../support/fake-transport';
import { replaySummary } from '../../../support/replay-summary';

const replay = (id: number) => replaySummary(id);

/** A replay history over a fake host holding replays `1..count`; frames run when the test says. */
function setup(count: number) {
  const transport = createFakeTransport();
  const stored = Array.from({ length: count }, (_, i) => replay(count - i));
  transport.answer('replay.history', ({ beforeId, limit }) => {
    const rows = stored.filter((r) => beforeId === undefined || r.id < beforeId).slice(0, limit ?? 500);
    const last = rows.at(-1);
    return { rows, total: stored.length, nextBeforeId: last && last.id > 1 ? last.id : null } as never;
  });
  const frames: Array<() => void> = [];
  const store = createReplayHistoryStore(transport, { frame: (cb) => frames.push(cb) });
  const runFrames = () => frames.splice(0).forEach((f) => f());
  return { transport, store, stored, runFrames };
}

describe('createReplayHistoryStore', () => {
  it('loads every stored replay, a first page then the rest', async () => {
    const { store, transport } = setup(700);
    await store.loadReplayHistory();
    expect(store.getState()).toMatchObject({ total: 700, loaded: true, loadingAll: false, error: null });
    expect(store.getState().rows).toHaveLength(700);
    expect(transport.calls.filter((c) => c.name === 'replay.history')).toHaveLength(2);
  });

  it('adds sent replays once per frame, reads again after a reconnect, and stops when unfollowed', async () => {
    const { store, transport, stored, runFrames } = setup(2);
    await store.loadReplayHistory();
    const unfollow = store.follow();
    transport.emit('replay.sent', { replays: [replay(3)] } as never);
    transport.emit('replay.sent', { replays: [replay(4)] } as never);
    runFrames();
    expect(store.getState().rows.map((r) => r.id)).toEqual([4, 3, 2, 1]);
    stored.unshift(replay(6), replay(5));
    transport.reconnect();
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(store.getState().rows.map((r) => r.id)).toEqual([6, 5, 2, 1]);
    unfollow();
    expect(transport.listeners()).toBe(0);
    transport.emit('replay.sent', { replays: [replay(7)] } as never);
    runFrames();
    expect(store.getState().rows[0]!.id).toBe(6);
  });

  it('diffs the two picked replays, older on the left, and says a failed one', async () => {
    const { store, transport } = setup(0);
    transport.answer('replay.diff', (args) => ({ asked: args }) as never);
    store.toggleSelected(9);
    store.toggleSelected(4);
    await store.diffSelected();
    expect(store.getState().diff).toEqual({ asked: { left: 4, right: 9 } });
    transport.answer('replay.diff', () => {
      throw new Error('replay 9 was cleared');
    });
    await store.diffSelected();
    expect(store.getState()).toMatchObject({ diff: null, diffError: 'replay 9 was cleared' });
  });

  it('shows the replay sent again, and empties on clear', async () => {
    const { store, transport } = setup(1);
    transport.answer('replay.again', ({ id }) => ({ summary: replay(id + 10) }) as never);
    await store.replayAgain(1);
    expect(store.getState().activeId).toBe(11);
    transport.answer('replay.clearHistory', () => ({}) as never);
    await store.loadReplayHistory();
    await store.clearReplayHistory();
    expect(store.getState()).toMatchObject({ rows: [], total: 0, loaded: true, activeId: null });
  });

  it('keeps no copy of the table’s sort and filters (the URL is their one home)', async () => {
    const { store } = setup(1);
    await store.loadReplayHistory();
    expect(store.getState()).not.toHaveProperty('sorting');
    expect(store.getState()).not.toHaveProperty('columnFilters');
  });
});
