import { describe, expect, it } from 'vitest';
import { replayTabHref, sourceOfLink } from '../../../../../../renderer/src/features/replay/replay-links';
import { parseHash } from '../../../../../../renderer/src/app-state/routes';

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

describe('replayTabHref', () => {
  it('goes back to the history tab with the sort and filters it was left with, to the others bare', () => {
    const left = { sort: '-sentAt', 'f.status': '4xx', 'f.target': 'http://127.0.0.1:3101/webhooks' };
    expect(replayTabHref('history', left)).toBe('#/replay/history?f.status=4xx&f.target=http%3A%2F%2F127.0.0.1%3A3101%2Fwebhooks&sort=-sentAt');
    expect(parseHash(replayTabHref('history', left))).toEqual({ area: 'replay', rest: 'history', params: left });
    expect(replayTabHref('editor', left)).toBe('#/replay');
    expect(replayTabHref('check', left)).toBe('#/replay/check');
    expect(replayTabHref('history', {})).toBe('#/replay/history');
  });
});
