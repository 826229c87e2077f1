import { describe, expect, it } from 'vitest';
import { sourceOfLink } from '../../../../../../renderer/src/features/replay/replay-links';

describe('sourceOfLink', () => {
  it('opens received and history deliveries and saved drafts by id', () => {
    expect(sourceOfLink('live/12')).toEqual({ kind: 'received', id: 12 });
    expect(sourceOfLink('history/3400')).toEqual({ kind: 'history', id: 3400 });
    expect(sourceOfLink('draft/7')).toEqual({ kind: 'draft', id: 7 });
  });

  it('opens nothing for the bare area or a link it does not know', () => {
    for (const rest of ['', 'live', 'live/', 'live/0', 'live/-1', 'live/1.5', 'live/abc', 'sequences/1', 'live/12/x', 'live/99999999999999999']) {
      expect(sourceOfLink(rest)).toBeNull();
    }
  });
});
