import { describe, expect, it } from 'vitest';
import { maskHeaders, maskRequestBody } from '../../../../../electron/features/flows/masking';
import { FrameOrigins, httpOrigin } from '../../../../../electron/features/flows/frame-origins';
import type { Connection } from '../../../../../electron/services/environments/environments';

const connection = (id: string, baseUrl: string): Connection => ({
  id, name: id, isSandbox: false, baseUrl, apiV3Url: `${baseUrl}/api/v3`, clientId: 'c', clientSecret: 's', secretKey: undefined,
});

describe('what the page may see of a request', () => {
  it('masks bearer values but keeps the scheme and other headers', () => {
    expect(maskHeaders({ authorization: 'Bearer eyJ.secret.token', accept: 'application/json' })).toEqual([
      ['authorization', 'Bearer •••'],
      ['accept', 'application/json'],
    ]);
  });

  it('keeps the last four digits of the card number, hides the cvv, leaves the rest', () => {
    const body = { customer: { name: 'Ana' }, card: { number: '4000000000003220', cvv: '123', expirationMonth: '12' } };
    expect(maskRequestBody(body)).toEqual({ customer: { name: 'Ana' }, card: { number: '••• 3220', cvv: '•••', expirationMonth: '12' } });
    expect(body.card.number).toBe('4000000000003220');
    expect(maskRequestBody({ order: { id: 'x' } })).toEqual({ order: { id: 'x' } });
  });
});

describe('FrameOrigins', () => {
  it("is the base URL's origin until the service answers an authentication URL elsewhere", () => {
    const origins = new FrameOrigins();
    const live = connection('shop', 'https://api.shop.test/v2/');
    expect(origins.for(live)).toBe('https://api.shop.test');
    expect(origins.learn(live, 'https://api.shop.test/3ds/1')).toBe(false);
    expect(origins.learn(live, 'https://3ds.bank.test:8443/challenge?id=1')).toBe(true);
    expect(origins.for(live)).toBe('https://3ds.bank.test:8443');
    expect(origins.for(connection('other', 'http://127.0.0.1:4000'))).toBe('http://127.0.0.1:4000');
    expect(origins.for(null)).toBeNull();
  });

  it('ignores what is not an http(s) URL', () => {
    expect(httpOrigin('javascript:alert(1)')).toBeNull();
    expect(httpOrigin('not a url')).toBeNull();
    const origins = new FrameOrigins();
    const live = connection('shop', 'https://api.shop.test');
    expect(origins.learn(live, 'data:text/html,hi')).toBe(false);
    expect(origins.for(live)).toBe('https://api.shop.test');
  });
});
