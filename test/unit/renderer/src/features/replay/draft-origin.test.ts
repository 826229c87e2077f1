import { describe, expect, it } from 'vitest';
import { openPanelTitle } from '../../../../../../renderer/src/features/replay/draft-origin';

describe('openPanelTitle', () => {
  it('says "New draft" only while nothing is open', () => {
    expect(openPanelTitle(null)).toBe('New draft');
  });

  it('says what is edited once a draft is open (not "New draft" over a received delivery)', () => {
    expect(openPanelTitle({ origin: { kind: 'received', ref: '2' } as never })).toBe('Editing received delivery #2');
  });
});
