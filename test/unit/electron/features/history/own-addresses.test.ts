import { describe, expect, it } from 'vitest';
import { deliveryUrlsView, sentElsewhereView } from '../../../../../electron/features/history/own-addresses';

const own = { publicUrl: 'https://hooklab-x1.loca.lt', addresses: ['https://hooklab-x1.loca.lt'] };
const NOW = Date.parse('2026-11-26T14:10:00Z');
const row = (id: number, eventId: number, url: string, created = `2026-11-26T14:0${id}:00Z`) => ({ id, eventId, delivered: false, status: 500, created, url });

describe('sentElsewhereView', () => {
  it('groups, per URL not this Hooklab\'s, the deliveries whose events never arrived here', () => {
    const history = [row(1, 1, 'https://old.loca.lt/w'), row(2, 2, 'https://old.loca.lt/w'), row(3, 3, 'https://hooklab-x1.loca.lt/w'), row(4, 4, 'https://old.loca.lt/w')];
    const view = sentElsewhereView(history, { arrived: new Set([4]), stored: new Set([4]), nowMs: NOW, completeSinceMs: 0 }, own);
    expect(view).toEqual({
      publicUrl: 'https://hooklab-x1.loca.lt',
      groups: [{ cause: 'other-url', url: 'https://old.loca.lt/w', deliveries: 2, since: '2026-11-26T14:01:00Z', eventIds: [1, 2] }],
    });
  });

  it('groups apart the 2xx at this Hooklab\'s URL that never arrived: answered by another, to resend', () => {
    const ok = (id: number, eventId: number, created: string) => ({ ...row(id, eventId, 'https://hooklab-x1.loca.lt/w', created), delivered: true, status: 200 });
    const history = [ok(1, 1, '2026-11-26T14:01:00Z'), ok(2, 2, '2026-11-26T14:02:00Z'), ok(3, 3, '2026-11-26T14:03:00Z'), ok(4, 4, '2026-11-26T14:09:50Z')];
    const view = sentElsewhereView(history, { arrived: new Set(), stored: new Set([2]), nowMs: NOW, completeSinceMs: 0 }, own);
    // 2 arrived (stored), 4 is still within the grace period.
    expect(view.groups).toEqual([{ cause: 'answered-by-another', url: 'https://hooklab-x1.loca.lt/w', deliveries: 2, since: '2026-11-26T14:01:00Z', eventIds: [1, 3] }]);
  });

  it('judges no delivery logged before the listener\'s table was last complete (Clear or retention deleted what it stored)', () => {
    const ok = (id: number, eventId: number, created: string) => ({ ...row(id, eventId, 'https://hooklab-x1.loca.lt/w', created), delivered: true, status: 200 });
    const history = [ok(1, 1, '2026-11-26T14:01:00Z'), ok(3, 3, '2026-11-26T14:03:00Z')];
    const completeSinceMs = Date.parse('2026-11-26T14:02:00Z');
    const view = sentElsewhereView(history, { arrived: new Set(), stored: new Set(), nowMs: NOW, completeSinceMs }, own);
    expect(view.groups).toEqual([{ cause: 'answered-by-another', url: 'https://hooklab-x1.loca.lt/w', deliveries: 1, since: '2026-11-26T14:03:00Z', eventIds: [3] }]);
  });

  it('says nothing went elsewhere when there is no address to compare with', () => {
    expect(sentElsewhereView([row(1, 1, 'https://old.loca.lt/w')], { arrived: new Set(), stored: new Set(), nowMs: NOW, completeSinceMs: 0 }, { publicUrl: null, addresses: [] }).groups).toEqual([]);
  });
});

describe('deliveryUrlsView', () => {
  it('adds failed and current to each URL', () => {
    const view = deliveryUrlsView(
      [
        { url: ' HTTPS://HOOKLAB-X1.loca.lt/w', deliveries: 3, delivered: 3, lastCreated: '2026-11-26T14:05:00Z', lastStatus: 200 },
        { url: 'https://old.loca.lt/w', deliveries: 2, delivered: 0, lastCreated: '2026-11-26T14:04:00Z', lastStatus: 500 },
      ],
      own,
    );
    expect(view.urls.map((u) => [u.failed, u.current])).toEqual([
      [0, true],
      [2, false],
    ]);
  });
});
