import { describe, expect, it } from 'vitest';
import type { DeliverySummary } from '../../../../../shared/contract/live';
import { deliverySummary } from '../../../../support/delivery-summary';
import { composeStores } from '../../../../../renderer/src/shell/compose-stores';
import { createStoreRoot, slice, type Slice } from '../../../../../renderer/src/app-state/store-root';
import { liveSlice } from '../../../../../renderer/src/features/live/live-store';
import { editorSlice } from '../../../../../renderer/src/features/replay/editor-store';
import { historySlice } from '../../../../../renderer/src/features/history/history-store';
import { jobsSlice } from '../../../../../renderer/src/app-state/page-jobs';
import { statusSlice } from '../../../../../renderer/src/app-state/status-store';
import { pageMemorySlice } from '../../../../../renderer/src/app-state/page-memory';
import { createFakeTransport, type FakeTransport } from '../../support/fake-transport';

function delivery(id: number): DeliverySummary {
  return deliverySummary({ id, path: '/webhooks', bodySize: 10, eventId: id, eventType: 'Created', level: 'Info', signature: 'valid' });
}

/** A fake host with no deliveries yet, and a root over it whose frames run when the test says. */
function page() {
  const transport = createFakeTransport();
  transport.answer('live.list', () => ({ rows: [], total: 0, nextBeforeId: null }));
  transport.answer('jobs.list', () => ({ jobs: [] }));
  const frames: Array<() => void> = [];
  const root = composeStores(transport, { frame: (cb) => frames.push(cb) });
  const runFrames = () => frames.splice(0).forEach((f) => f());
  return { transport, root, runFrames };
}

/** Lets the stores' pending calls answer (the fake answers in microtasks). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

const callsOf = (transport: FakeTransport, name: string) => transport.calls.filter((c) => c.name === name).length;

describe('composeStores: the renderer composition root', () => {
  it('builds two independent sets of stores: a change in one root is not seen in the other', async () => {
    const a = page();
    const b = page();
    for (const key of [liveSlice, editorSlice, historySlice, jobsSlice, statusSlice, pageMemorySlice] as Array<Slice<unknown>>) {
      expect(a.root.get(key)).not.toBe(b.root.get(key));
    }
    a.root.follow(liveSlice);
    b.root.follow(liveSlice);
    await settle();

    // An event on one page's transport reaches that page's store only.
    a.transport.emit('live.received', { deliveries: [delivery(7)] });
    a.runFrames();
    b.runFrames();
    expect(a.root.get(liveSlice).getState().rows.map((r) => r.id)).toEqual([7]);
    expect(b.root.get(liveSlice).getState().rows).toEqual([]);

    // An action on one root's store changes that root's state only.
    a.root.get(liveSlice).toggleChecked(7);
    expect(a.root.get(liveSlice).getState().checked.has(7)).toBe(true);
    expect(b.root.get(liveSlice).getState().checked.size).toBe(0);
    a.root.get(editorSlice).editDraft({ name: 'only in a' });
    expect(b.root.get(editorSlice).getState().name).not.toBe('only in a');
    a.root.get(pageMemorySlice).places.set('replay.history', { rest: 'history', params: { sort: 'id' } });
    expect(b.root.get(pageMemorySlice).places.size).toBe(0);
  });

  it('follows each slice once per root however often it is asked, and never on its own', async () => {
    const a = page();
    const b = page();
    // Building a root subscribes to nothing and calls nothing.
    expect(a.transport.listeners()).toBe(0);
    expect(a.transport.calls).toEqual([]);

    a.root.follow(liveSlice);
    const afterOne = a.transport.listeners();
    expect(afterOne).toBeGreaterThan(0);
    a.root.follow(liveSlice);
    a.root.follow(liveSlice);
    await settle();
    expect(a.transport.listeners()).toBe(afterOne);
    expect(callsOf(a.transport, 'live.list')).toBe(1);

    // One event is applied once (a second subscription would count it twice).
    a.transport.emit('live.received', { deliveries: [delivery(1)] });
    a.runFrames();
    expect(a.root.get(liveSlice).getState().total).toBe(1);

    // The other root has its own guard: nothing of it follows until it is asked.
    expect(b.transport.listeners()).toBe(0);
    b.root.follow(liveSlice);
    expect(b.transport.listeners()).toBe(afterOne);

    // Another slice of the same root is followed on its own, once.
    a.root.follow(jobsSlice);
    a.root.follow(jobsSlice);
    await settle();
    expect(callsOf(a.transport, 'jobs.list')).toBe(1);
  });

  it('refuses a slice built twice or asked of a root that has none', () => {
    const root = createStoreRoot(createFakeTransport());
    const key = slice<{ n: number }>('example');
    expect(() => root.get(key)).toThrow(/no example slice/);
    root.add(key, { n: 1 });
    expect(() => root.add(key, { n: 2 })).toThrow(/built twice/);
    expect(root.get(key).n).toBe(1);
  });
});
