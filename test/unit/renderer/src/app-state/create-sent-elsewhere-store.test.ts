import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppStatus } from '../../../../../shared/contract';
import type { SentElsewhere } from '../../../../../shared/contract/history';
import {
  createSentElsewhereStore,
  SENT_ELSEWHERE_REFRESH_MS,
  SENT_ELSEWHERE_WINDOW_MS,
} from '../../../../../renderer/src/app-state/create-sent-elsewhere-store';
import { createFakeTransport } from '../../support/fake-transport';

afterEach(() => {
  vi.useRealTimers();
});

const elsewhere = (url: string) => ({ publicUrl: null, groups: [{ url, eventIds: [1] }] }) as unknown as SentElsewhere;
const tunnel = (publicUrl: string | null) => ({ tunnel: { publicUrl } }) as unknown as AppStatus;

/** The banner's state over a fake host that says the last hour went to `answer.url`. */
function setup() {
  vi.useFakeTimers({ now: Date.parse('2026-01-01T12:00:00.000Z') });
  const transport = createFakeTransport();
  const answer = { url: 'https://old.example/hook' as string | null };
  transport.answer('history.sentElsewhere', () => {
    if (answer.url === null) throw new Error('no history');
    return elsewhere(answer.url);
  });
  const store = createSentElsewhereStore(transport);
  const reads = () => transport.calls.filter((c) => c.name === 'history.sentElsewhere');
  return { transport, store, answer, reads };
}

describe('createSentElsewhereStore', () => {
  it('asks about the last hour once, and again (throttled) when the copy, the settings or the tunnel’s URL change', async () => {
    const { transport, store, answer, reads } = setup();
    const unfollow = store.follow();
    await vi.runAllTimersAsync();
    expect(reads()[0]!.args).toEqual({ since: new Date(Date.now() - SENT_ELSEWHERE_WINDOW_MS).toISOString() });
    expect(store.getState().value).toEqual(elsewhere('https://old.example/hook'));

    answer.url = 'https://new.example/hook';
    transport.emit('history.updated', {} as never);
    transport.emit('settings.changed', {} as never);
    transport.emit('app.status', tunnel('https://t.example'));
    await vi.advanceTimersByTimeAsync(SENT_ELSEWHERE_REFRESH_MS);
    expect(reads()).toHaveLength(2);
    expect(store.getState().value).toEqual(elsewhere('https://new.example/hook'));

    // A status that leaves the public URL as it was is not a reason to ask.
    transport.emit('app.status', tunnel('https://t.example'));
    await vi.advanceTimersByTimeAsync(SENT_ELSEWHERE_REFRESH_MS);
    expect(reads()).toHaveLength(2);
    unfollow();
    expect(transport.listeners()).toBe(0);
  });

  it('reads at once when asked (after a resend), and says nothing rather than a wrong thing when it cannot', async () => {
    const { store, answer, reads } = setup();
    store.refresh();
    await vi.runAllTimersAsync();
    expect(store.getState().value).not.toBeNull();
    answer.url = null;
    store.refresh();
    await vi.runAllTimersAsync();
    expect(reads()).toHaveLength(2);
    expect(store.getState().value).toBeNull();
  });
});
