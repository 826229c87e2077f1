import { describe, expect, it } from 'vitest';
import { applySentReplays, toggledSelection, type ReplayRows } from '../../../../../../renderer/src/features/replay/replay-history-changes';
import { replaySummary } from '../../../support/replay-summary';

const replay = (id: number) => replaySummary(id);

describe('applySentReplays', () => {
  const loaded: ReplayRows = { rows: [replay(2), replay(1)], total: 2, loaded: true };

  it('adds new replays on top, newest first, and counts them', () => {
    const next = applySentReplays(loaded, [replay(3), replay(4)]);
    expect(next.rows!.map((r) => r.id)).toEqual([4, 3, 2, 1]);
    expect(next.total).toBe(4);
  });

  it('changes nothing for replays already listed, or before the list is loaded (the load reads them)', () => {
    expect(applySentReplays(loaded, [replay(2)])).toEqual({});
    expect(applySentReplays({ rows: [], total: 0, loaded: false }, [replay(1)])).toEqual({});
  });
});

describe('toggledSelection', () => {
  it('picks up to two replays for the diff; a third replaces the oldest; a second click unpicks', () => {
    expect(toggledSelection([], 5)).toEqual([5]);
    expect(toggledSelection([5], 7)).toEqual([5, 7]);
    expect(toggledSelection([5, 7], 9)).toEqual([7, 9]);
    expect(toggledSelection([5, 7], 5)).toEqual([7]);
  });
});
