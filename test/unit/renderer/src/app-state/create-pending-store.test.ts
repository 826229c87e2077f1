import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistorySummary } from '../../../../../shared/contract/history';
import { createPendingStore, PENDING_REFRESH_MS } from '../../../../../renderer/src/app-state/create-pending-store';
import { createFakeTransport } from '../../support/fake-transport';

afterEach(() => {
  vi.useRealTimers();
});

/** A pending count over a fake host whose summary says `pending.value`; counts shown are recorded. */
function setup() {
  vi.useFakeTimers();
  const transport = createFakeTransport();
  const pending = { value: 3 as number | null };
  transport.answer('history.summary', () => {
    if (pending.value === null) throw new Error('no history for this environment');
    return { pendingEvents: pending.value } as HistorySummary;
  });
  const shown: Array<number | null> = [];
  const store = createPendingStore(transport, { onPending: (n) => shown.push(n) });
  const reads = () => transport.calls.filter((c) => c.name === 'history.summary').length;
  return { transport, store, pending, shown, reads };
}

describe('createPendingStore', () => {
  it('reads the count once, then takes it from every change of the history copy', async () => {
    const { transport, store, shown, reads } = setup();
    const unfollow = store.follow();
    await vi.runAllTimersAsync();
    expect(store.getState().pending).toBe(3);
    transport.emit('history.updated', { pendingEvents: 5 } as never);
    expect(store.getState().pending).toBe(5);
    expect(shown).toEqual([3, 5]);
    expect(reads()).toBe(1);
    unfollow();
  });

  it('reads again when the settings change, at most once per interval however often they do', async () => {
    const { transport, store, pending, reads } = setup();
    const unfollow = store.follow();
    await vi.runAllTimersAsync();
    pending.value = 7;
    for (let i = 0; i < 5; i++) transport.emit('settings.changed', {} as never);
    transport.reconnect();
    await vi.advanceTimersByTimeAsync(PENDING_REFRESH_MS);
    expect(reads()).toBe(2);
    expect(store.getState().pending).toBe(7);
    unfollow();
  });

  it('shows no count rather than a wrong one when there is no history, and stops when unfollowed', async () => {
    const { transport, store, pending, reads } = setup();
    pending.value = null;
    const unfollow = store.follow();
    await vi.runAllTimersAsync();
    expect(store.getState().pending).toBeNull();
    transport.emit('settings.changed', {} as never);
    unfollow();
    expect(transport.listeners()).toBe(0);
    await vi.runAllTimersAsync();
    expect(reads()).toBe(1);
  });
});
