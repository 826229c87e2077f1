import { describe, expect, it } from 'vitest';
import { sentElsewhereText } from '../../../../../renderer/src/lib/sent-elsewhere';

describe('sentElsewhereText', () => {
  it('says how many, since when, where, where they should have gone, and what to do', () => {
    const since = new Date(2026, 10, 26, 14, 2, 30).toISOString();
    const text = sentElsewhereText({ cause: 'other-url', url: 'https://old.loca.lt/webhooks', deliveries: 7, since, eventIds: [1, 2] }, 'https://hooklab-x1.loca.lt/webhooks');
    expect(text).toBe(
      'The service sent 7 deliveries since 14:02 to https://old.loca.lt/webhooks, not to your public URL https://hooklab-x1.loca.lt/webhooks: set it in the merchant portal (Settings → Developer options → Webhook), then resend them.',
    );
  });

  it('speaks of one delivery, and of no public URL', () => {
    const text = sentElsewhereText({ cause: 'other-url', url: 'https://old.loca.lt/', deliveries: 1, since: new Date().toISOString(), eventIds: [1] }, null);
    expect(text).toMatch(/^The service sent 1 delivery since \d\d:\d\d to https:\/\/old\.loca\.lt\/, not to this Hooklab \(it has no public URL now\)/);
  });

  it('says when something between answered in Hooklab\'s place: the service will not retry', () => {
    const since = new Date(2026, 10, 26, 14, 2, 30).toISOString();
    const text = sentElsewhereText({ cause: 'answered-by-another', url: 'https://hooklab-x1.loca.lt/webhooks', deliveries: 5, since, eventIds: [1, 2, 3, 4, 5] }, 'https://hooklab-x1.loca.lt/webhooks');
    expect(text).toMatch(/^The service sent 5 deliveries since 14:02 to https:\/\/hooklab-x1\.loca\.lt\/webhooks and got 2xx, but they never reached this Hooklab: something between the service and Hooklab answered in its place, and the service will not retry them/);
  });
});
