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
  const context = { addresses: ['https://hooklab-x1.loca.lt'], listenerStatuses: new Set([200, 503]) };
  it('names each cause', () => {
    expect(unpairedCause({ url: 'https://hooklab-x1.loca.lt/w', status: 0 }, context)).toBe('in-flight');
    expect(unpairedCause({ url: 'https://old.loca.lt/w', status: 500 }, context)).toBe('other-url');
    expect(unpairedCause({ url: 'https://hooklab-x1.loca.lt/w', status: 503 }, context)).toBe('listener-refused');
    expect(unpairedCause({ url: 'https://hooklab-x1.loca.lt/w', status: 504 }, context)).toBe('failed-at-service');
    expect(unpairedCause({ url: 'https://hooklab-x1.loca.lt/w', status: 200 }, context)).toBe('unknown');
    expect(unpairedCause({ url: 'https://old.loca.lt/w', status: 500 }, { addresses: [], listenerStatuses: new Set() })).toBe('unknown');
  });
});
