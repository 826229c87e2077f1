import { describe, expect, it } from 'vitest';
import type { DeliverySummary } from '../../../../../../shared/contract/live';
import { deliverySummary } from '../../../../../support/delivery-summary';
import { applyLiveChanges, type LiveRows } from '../../../../../../renderer/src/features/live/live-changes';

function delivery(id: number): DeliverySummary {
  return deliverySummary({ id, path: '/webhooks', bodySize: 10, eventId: id, eventType: 'Created', level: 'Info', signature: 'valid' });
}

const rows = (...ids: number[]): LiveRows => ({ rows: ids.map(delivery), total: ids.length, liveUpdates: 0 });
const ids = (state: LiveRows) => state.rows.map((r) => r.id);

describe('applyLiveChanges', () => {
  it('puts new deliveries on top, newest first, whatever order a frame brought them in', () => {
    const next = applyLiveChanges(rows(3, 2, 1), [
      { kind: 'received', deliveries: [delivery(4)] },
      { kind: 'received', deliveries: [delivery(6), delivery(5)] },
    ]);
    expect(ids(next)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(next.total).toBe(6);
    expect(next.liveUpdates).toBe(1);
  });

  it('ignores deliveries already listed (an event arriving after the reload that read it)', () => {
    const next = applyLiveChanges(rows(3, 2, 1), [{ kind: 'received', deliveries: [delivery(2), delivery(3), delivery(4)] }]);
    expect(ids(next)).toEqual([4, 3, 2, 1]);
    expect(next.total).toBe(4);
  });

  it('writes forward results into the row they belong to, also a row that arrived in the same frame', () => {
    const handler = { targets: 1, failed: 0, firstStatus: 204, firstError: null };
    const before = rows(5, 3, 1);
    const next = applyLiveChanges(before, [
      { kind: 'received', deliveries: [delivery(7)] },
      { kind: 'forwarded', id: 3, handler, answeredStatus: 200 },
      { kind: 'forwarded', id: 7, handler, answeredStatus: 202 },
      { kind: 'forwarded', id: 99, handler, answeredStatus: 200 },
    ]);
    expect(next.rows.find((r) => r.id === 3)).toMatchObject({ handler, answeredStatus: 200 });
    expect(next.rows.find((r) => r.id === 7)).toMatchObject({ handler, answeredStatus: 202 });
    expect(before.rows[1]!.handler).toBeNull();
  });

  it('drops what retention removed (the tail below keptFromId), and everything for a null', () => {
    const trimmed = applyLiveChanges(rows(5, 4, 3, 2, 1), [{ kind: 'removed', keptFromId: 3 }]);
    expect(ids(trimmed)).toEqual([5, 4, 3]);
    expect(trimmed.total).toBe(3);
    expect(ids(applyLiveChanges(rows(2, 1), [{ kind: 'removed', keptFromId: null }]))).toEqual([]);
  });

  it('keeps imported rows retention passed over: it removes received deliveries only', () => {
    const imported = { importId: 1, fileName: 'capture.har' };
    const state: LiveRows = { rows: [delivery(6), delivery(5), { ...delivery(2), imported }, delivery(1)], total: 4, liveUpdates: 0 };
    const trimmed = applyLiveChanges(state, [{ kind: 'removed', keptFromId: 5 }]);
    expect(ids(trimmed)).toEqual([6, 5, 2]);
    expect(trimmed.total).toBe(3);
    expect(ids(applyLiveChanges(state, [{ kind: 'removed', keptFromId: null }]))).toEqual([2]);
  });

  it('keeps the total of a partly loaded list (rows still loading) and never below what is shown', () => {
    const partial: LiveRows = { rows: [delivery(10), delivery(9)], total: 10, liveUpdates: 4 };
    const next = applyLiveChanges(partial, [{ kind: 'received', deliveries: [delivery(11)] }]);
    expect(next.total).toBe(11);
    expect(next.liveUpdates).toBe(5);
  });
});
