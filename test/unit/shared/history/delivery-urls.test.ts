import { describe, expect, it } from 'vitest';
import { isOwnUrl, unpairedCause } from '../../../../shared/history/delivery-urls';

describe('isOwnUrl', () => {
  it('compares as the service does: surrounding spaces and letter case ignored', () => {
    expect(isOwnUrl('  HTTPS://Hooklab-X1.loca.lt/webhooks ', ['https://hooklab-x1.loca.lt'])).toBe(true);
    expect(isOwnUrl('https://old.loca.lt/webhooks', ['https://hooklab-x1.loca.lt'])).toBe(false);
  });

  it('takes any path under the address (the listener answers on every path), not a sibling', () => {
    expect(isOwnUrl('https://hooks.example.com/in/webhooks', ['https://hooks.example.com/in'])).toBe(true);
    expect(isOwnUrl('https://hooks.example.com/inbox', ['https://hooks.example.com/in'])).toBe(false);
    expect(isOwnUrl('http://127.0.0.1:4780/webhooks', ['http://127.0.0.1:4781/'])).toBe(false);
  });
});

describe('unpairedCause', () => {
  const NOW = Date.parse('2026-11-26T14:10:00Z');
  const context = { addresses: ['https://hooklab-x1.loca.lt'], listenerStatuses: new Set([200, 503]), storedEventIds: new Set([7]), nowMs: NOW };
  const at = (url: string, status: number, created = '2026-11-26T14:00:00Z', eventId = 1) => ({ url, status, created, eventId });
  it('names each cause', () => {
    expect(unpairedCause(at('https://hooklab-x1.loca.lt/w', 0), context)).toBe('in-flight');
    expect(unpairedCause(at('https://old.loca.lt/w', 500), context)).toBe('other-url');
    expect(unpairedCause(at('https://hooklab-x1.loca.lt/w', 503), context)).toBe('listener-refused');
    expect(unpairedCause(at('https://hooklab-x1.loca.lt/w', 504), context)).toBe('failed-at-service');
    expect(unpairedCause(at('https://old.loca.lt/w', 500), { ...context, addresses: [] })).toBe('unknown');
  });

  it('names a 2xx at this Hooklab\'s address that never reached the listener answered-by-another, once the grace period is over', () => {
    expect(unpairedCause(at('https://hooklab-x1.loca.lt/w', 200), context)).toBe('answered-by-another');
    expect(unpairedCause(at('https://hooklab-x1.loca.lt/w', 204), context)).toBe('answered-by-another');
    // Within the grace period: perhaps still on its way.
    expect(unpairedCause(at('https://hooklab-x1.loca.lt/w', 200, '2026-11-26T14:09:45Z'), context)).toBe('unknown');
    // Something of its event was stored (a resend, or an arrival that did not verify): not this cause.
    expect(unpairedCause(at('https://hooklab-x1.loca.lt/w', 200, '2026-11-26T14:00:00Z', 7), context)).toBe('unknown');
    // Sent elsewhere and answered there: that is other-url.
    expect(unpairedCause(at('https://old.loca.lt/w', 200), context)).toBe('other-url');
  });
});
