import { describe, expect, it } from 'vitest';
import { hrefFor, paramsString, parseHash, tabOfRest } from '../../../../../renderer/src/app-state/routes';
import { windowTitle } from '../../../../../renderer/src/app-state/window-title';

describe('routes', () => {
  it('parses area, rest and params; anything unknown is Live', () => {
    expect(parseHash('#/history/reconcile?category=missing')).toEqual({ area: 'history', rest: 'reconcile', params: { category: 'missing' } });
    expect(parseHash('#/nope/x')).toMatchObject({ area: 'live', rest: 'x' });
    expect(parseHash('')).toEqual({ area: 'live', rest: '', params: {} });
  });

  it('writes params canonically (sorted, empty ones left out) so equal states give equal links', () => {
    expect(paramsString({ b: '2', a: '1', c: '' })).toBe('a=1&b=2');
    expect(hrefFor('replay', 'history', { q: 'x y' })).toBe('#/replay/history?q=x+y');
  });

  it('reads the tab from the first segment, the first tab when none or unknown', () => {
    const tabs = ['editor', 'history', 'check'] as const;
    expect(tabOfRest(tabs, 'check')).toBe('check');
    expect(tabOfRest(tabs, 'history/12')).toBe('history');
    expect(tabOfRest(tabs, '')).toBe('editor');
    expect(tabOfRest(tabs, 'live/5')).toBe('editor');
  });
});

describe('windowTitle', () => {
  it('names the pending events, and only when there are some', () => {
    expect(windowTitle(3)).toBe('Hooklab · 3 pending');
    expect(windowTitle(0)).toBe('Hooklab');
    expect(windowTitle(null)).toBe('Hooklab');
  });
});
