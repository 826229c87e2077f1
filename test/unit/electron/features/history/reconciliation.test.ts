import { describe, expect, it } from 'vitest';
import { reconcile, type HistoryRef, type ReceivedRef } from '../../../../../electron/features/history/reconciliation';

const h = (id: number, eventId: number, delivered: boolean, status = delivered ? 200 : 500): HistoryRef => ({
  id,
  eventId,
  delivered,
  status,
  created: `2026-01-01T00:00:${String(id).padStart(2, '0')}Z`,
});
/** A received row; by default at a time no history delivery explains (clocks far apart). */
const r = (id: number, eventId: number | null, handlerFailed: boolean | null = null, sha = 'x', receivedAt = '2025-12-31T00:00:00Z'): ReceivedRef => ({
  id,
  eventId,
  receivedAt,
  bodySha256: sha,
  handlerFailed,
});
const noHashes = () => new Map<number, string>();

describe('reconcile', () => {
  it('never counts an unverified delivery as received: the real deliveries it names stay lost', () => {
    const history = [h(1, 9, false), h(2, 10, false), h(3, 11, true)];
    const forged = (id: number, eventId: number | null, sha = 'x') => ({ ...r(id, eventId, null, sha), unverified: true });
    const received = [forged(20, 9), forged(21, 10), r(22, 11), forged(23, 77), forged(24, null, 'hash-of-1')];
    const result = reconcile(history, received, () => new Map([[1, 'hash-of-1']]));
    expect(result.counts).toMatchObject({ received: 1, lost: 2, unlogged: 1, 'not-in-history': 1 });
    expect(result.windows).toEqual([expect.objectContaining({ fromId: 1, toId: 2, eventIds: [9, 10] })]);
    // Still shown where history has nothing for them.
    expect(result.items.filter((i) => i.receivedId === 23 || i.receivedId === 24).map((i) => i.category).sort()).toEqual(['not-in-history', 'unlogged']);
  });

  it('matches by event id and finds lost deliveries and the missed window', () => {
    const history = [h(1, 1, true), h(2, 2, false), h(3, 3, false), h(4, 4, true)];
    const received = [r(10, 1), r(11, 4)];
    const result = reconcile(history, received, noHashes);
    expect(result.counts).toMatchObject({ received: 2, lost: 2, unlogged: 0, 'not-in-history': 0 });
    expect(result.windows).toEqual([
      { fromId: 2, toId: 3, from: history[1]?.created, to: history[2]?.created, deliveries: 2, eventIds: [2, 3] },
    ]);
    expect(result.items.find((i) => i.historyId === 1)).toMatchObject({ category: 'received', receivedId: 10, matchedBy: 'event-id' });
  });

  it('counts retries of one delivery once and prefers the delivery a receiver answered', () => {
    // Event 5: original failed (500, unreachable), resend delivered; one arrival here.
    const history = [h(5, 5, false, 500), h(6, 5, true)];
    const result = reconcile(history, [r(20, 5)], noHashes);
    expect(result.items.map((i) => [i.historyId, i.category])).toEqual([
      [5, 'lost'],
      [6, 'received'],
    ]);
    // No resend window: the event did arrive (by its resend).
    expect(result.windows[0]?.eventIds).toEqual([]);
    // Three arrivals (automatic retries) of a single logged delivery: received, not extra.
    expect(reconcile([h(7, 7, true)], [r(1, 7), r(2, 7), r(3, 7)], noHashes).counts.received).toBe(1);
  });

  it('pairs an arrival with the delivery logged last before it: a resend\'s arrival is not its original\'s', () => {
    // Original 9 went to another URL (delivered there); resend 17 arrived here at :17.2.
    const history = [h(9, 9, true), h(17, 9, true)];
    const result = reconcile(history, [r(3, 9, null, 'x', '2026-01-01T00:00:17.200Z')], noHashes);
    expect(result.items.map((i) => [i.historyId, i.category, i.receivedId])).toEqual([
      [9, 'lost', null],
      [17, 'received', 3],
    ]);
    // Both arrived: each its own; the original's automatic retry stays with it.
    const both = reconcile(
      history,
      [r(1, 9, null, 'x', '2026-01-01T00:00:09.100Z'), r(2, 9, null, 'x', '2026-01-01T00:00:11Z'), r(3, 9, null, 'x', '2026-01-01T00:00:17.200Z')],
      noHashes,
    );
    expect(both.items.map((i) => [i.historyId, i.receivedId])).toEqual([
      [9, 2],
      [17, 3],
    ]);
  });

  it('flags a delivered delivery whose local handler failed', () => {
    const result = reconcile([h(1, 1, true), h(2, 2, false, 502)], [r(1, 1, true), r(2, 2, true)], noHashes);
    expect(result.items.map((i) => i.category)).toEqual(['handler-failed', 'refused-by-handler']);
  });

  it('says "received here, refused by your handler" for a pass-through refusal, apart from successes', () => {
    const result = reconcile([h(1, 1, false, 502), h(2, 2, true), h(3, 3, false, 502)], [r(1, 1, true), r(2, 2, false), r(3, 3, true)], noHashes);
    expect(result.counts).toMatchObject({ received: 1, 'refused-by-handler': 2, 'handler-failed': 0, lost: 0 });
    expect(result.items.every((i) => i.cause === null)).toBe(true);
  });

  it('gives every lost delivery a cause, and only lost ones', () => {
    const history = [{ ...h(1, 1, false), url: 'https://old.loca.lt/webhooks' }, h(2, 2, true)];
    const result = reconcile(history, [r(2, 2)], noHashes, (d) => (d.url === 'https://old.loca.lt/webhooks' ? 'other-url' : 'unknown'));
    expect(result.items.map((i) => [i.category, i.cause])).toEqual([
      ['lost', 'other-url'],
      ['received', null],
    ]);
  });

  it('matches rows without an event id by payload, and calls the rest unlogged', () => {
    const history = [h(1, 1, true), h(2, 2, true)];
    const received = [r(30, null, null, 'AAA'), r(31, null, null, 'bbb')];
    const result = reconcile(history, received, (ids) => new Map(ids.map((id) => [id, id === 2 ? 'aaa' : 'zzz'])));
    expect(result.items.find((i) => i.historyId === 2)).toMatchObject({ category: 'received', receivedId: 30, matchedBy: 'payload' });
    expect(result.items.find((i) => i.receivedId === 31)).toMatchObject({ category: 'unlogged', historyId: null });
    expect(result.counts).toMatchObject({ received: 1, lost: 1, unlogged: 1 });
  });

  it('reports received event ids that history does not have', () => {
    const result = reconcile([h(1, 1, true)], [r(1, 1), r(2, 99)], noHashes);
    expect(result.counts['not-in-history']).toBe(1);
    expect(result.items.at(-1)).toMatchObject({ category: 'not-in-history', eventId: 99, receivedId: 2 });
  });

  it('does not ask for payload hashes when every row has an event id', () => {
    let asked = false;
    reconcile([h(1, 1, true)], [r(1, 1)], () => {
      asked = true;
      return new Map();
    });
    expect(asked).toBe(false);
  });
});
