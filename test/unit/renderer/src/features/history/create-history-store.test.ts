import { describe, expect, it } from 'vitest';
import { createHistoryStore, type HistoryTab } from '../../../../../../renderer/src/features/history/create-history-store';
import { createFakeTransport } from '../../../support/fake-transport';

/** A History store over a fake host; jobs and tabs recorded instead of reaching a page. */
function setup() {
  const transport = createFakeTransport();
  const refreshed: string[] = [];
  const tabs: HistoryTab[] = [];
  const store = createHistoryStore(
    transport,
    { newJobId: (prefix) => `${prefix}-1`, refresh: async (jobId) => void refreshed.push(jobId) },
    { openTab: (tab) => tabs.push(tab) },
  );
  transport.answer('history.summary', () => ({ pending: 2 }) as never);
  transport.answer('history.events', ({ pendingOnly, offset }) => ({ events: [{ eventId: offset, pendingOnly }], total: 7 }) as never);
  const named = (name: string) => transport.calls.filter((c) => c.name === name);
  return { transport, store, refreshed, tabs, named };
}

describe('createHistoryStore', () => {
  it('reads the events page of the query it is shown, and again for that query', async () => {
    const { store, named } = setup();
    await store.showEvents({ pendingOnly: true, offset: 50, range: { fromMs: 1000, toMs: 2000 } });
    expect(named('history.events').at(-1)!.args).toEqual({ pendingOnly: true, offset: 50, limit: 50, createdFromMs: 1000, createdToMs: 2000 });
    expect(store.getState()).toMatchObject({ eventsTotal: 7, events: [{ eventId: 50, pendingOnly: true }] });
    await store.loadEvents();
    expect(named('history.events').at(-1)!.args).toEqual({ pendingOnly: true, offset: 50, limit: 50, createdFromMs: 1000, createdToMs: 2000 });
  });

  it('keeps the page of the last query shown when an older answer comes late', async () => {
    const { store, transport } = setup();
    const answers: Array<() => void> = [];
    transport.answer('history.events', ({ offset }) => new Promise((resolve) => answers.push(() => resolve({ events: [{ eventId: offset }], total: 7 } as never))));
    const first = store.showEvents({ pendingOnly: false, offset: 0, range: null });
    const second = store.showEvents({ pendingOnly: false, offset: 50, range: null });
    answers[1]!();
    answers[0]!();
    await Promise.all([first, second]);
    expect(store.getState().events).toEqual([{ eventId: 50 }]);
  });

  it('keeps a resend’s outcome, or its error, and reads the page and summary again', async () => {
    const { store, transport, named } = setup();
    transport.answer('history.resend', ({ id }) => ({ id, delivered: true }) as never);
    await store.resend(4);
    expect(store.getState()).toMatchObject({ lastResend: { id: 4, delivered: true }, resending: null, resendError: null });
    transport.answer('history.resend', () => {
      throw new Error('the service refused');
    });
    await store.resend(5);
    expect(store.getState()).toMatchObject({ lastResend: null, resending: null, resendError: 'the service refused' });
    expect(named('history.events').length).toBeGreaterThanOrEqual(2);
    expect(named('history.summary').length).toBeGreaterThanOrEqual(2);
  });

  it('runs a bulk resend as a job with an id chosen here, and reads the job again when it ends', async () => {
    const { store, transport, refreshed, named } = setup();
    transport.answer('history.resendPending', () => ({ resent: 3 }) as never);
    await store.resendBulk('pending', 2);
    expect(named('history.resendPending')[0]!.args).toEqual({ concurrency: 2, jobId: 'resend-1' });
    expect(store.getState().bulk).toEqual({ jobId: 'resend-1', summary: { resent: 3 }, error: null });
    expect(refreshed).toEqual(['resend-1']);
    transport.answer('history.resendMany', () => {
      throw new Error('no such events');
    });
    await store.resendBulk([1, 2]);
    expect(store.getState().bulk).toEqual({ jobId: 'resend-1', summary: null, error: 'no such events' });
  });

  it('says a failed summary, and opens the diff tab for a diff', async () => {
    const { store, transport, tabs } = setup();
    transport.answer('history.summary', () => {
      throw new Error('copy unreadable');
    });
    await store.loadSummary();
    expect(store.getState().summaryError).toBe('copy unreadable');
    const diff = { left: { kind: 'history', id: 1 }, right: { kind: 'received', id: 2 } } as const;
    store.showDiff(diff);
    expect(store.getState().diff).toEqual(diff);
    expect(tabs).toEqual(['diff']);
  });
});
