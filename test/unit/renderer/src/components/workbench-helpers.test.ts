import { describe, expect, it } from 'vitest';
import { highlightParts } from '../../../../../renderer/src/components/highlight/highlight-parts';
import { readSplitLayout } from '../../../../../renderer/src/components/split-pane/split-layout';
import { deleteFilter, loadSavedFilters, saveFilter } from '../../../../../renderer/src/components/saved-filters/saved-filters';

describe('search marks', () => {
  it('marks every term of the search, case-insensitively, longest first', () => {
    expect(highlightParts('{"BuyerEmail":"ana.silva@example.com"}', 'ANA.Silva@exam')).toEqual([
      { text: '{"BuyerEmail":"', match: false },
      { text: 'ana', match: true },
      { text: '.', match: false },
      { text: 'silva', match: true },
      { text: '@', match: false },
      { text: 'exam', match: true },
      { text: 'ple.com"}', match: false },
    ]);
    expect(highlightParts('no terms', ' @@ ')).toEqual([{ text: 'no terms', match: false }]);
  });
});

describe('the remembered split', () => {
  const fallback = { orientation: 'above' as const, fraction: 0.55 };
  it('reads what was stored, keeps the fraction in bounds, and falls back on anything malformed', () => {
    expect(readSplitLayout('{"orientation":"beside","fraction":0.3}', fallback)).toEqual({ orientation: 'beside', fraction: 0.3 });
    expect(readSplitLayout('{"orientation":"beside","fraction":2}', fallback)).toEqual({ orientation: 'beside', fraction: 0.85 });
    expect(readSplitLayout('{"orientation":"diagonal"}', fallback)).toEqual(fallback);
    expect(readSplitLayout('not json', fallback)).toEqual(fallback);
    expect(readSplitLayout(null, fallback)).toEqual(fallback);
  });
});

describe('saved filters', () => {
  const storage = () => {
    const map = new Map<string, string>();
    return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
  };
  it('are kept per area, by name (saving a name again replaces it), sorted, and can be deleted', () => {
    const s = storage();
    saveFilter('live', { name: 'payments', params: { q: 'SuccessPayment' } }, s);
    saveFilter('live', { name: 'invalid', params: { 'f.signature': 'invalid' } }, s);
    saveFilter('live', { name: 'payments', params: { q: 'SuccessPayment', 'f.level': 'Error' } }, s);
    saveFilter('history-browser', { name: 'created', params: { eventType: 'Created' } }, s);
    expect(loadSavedFilters('live', s)).toEqual([
      { name: 'invalid', params: { 'f.signature': 'invalid' } },
      { name: 'payments', params: { q: 'SuccessPayment', 'f.level': 'Error' } },
    ]);
    expect(deleteFilter('live', 'invalid', s).map((f) => f.name)).toEqual(['payments']);
    expect(loadSavedFilters('history-browser', s).map((f) => f.name)).toEqual(['created']);
  });

  it('are none when storage holds something else', () => {
    const s = storage();
    s.setItem('hooklab.savedFilters.live', '{"not":"a list"}');
    expect(loadSavedFilters('live', s)).toEqual([]);
  });
});
