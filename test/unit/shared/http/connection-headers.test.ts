import { describe, expect, it } from 'vitest';
import { isFramingHeader, isPerConnectionHeader, PER_CONNECTION_HEADERS } from '../../../../shared/http/connection-headers';

describe('per-connection headers', () => {
  it('names the headers of one hop in any letter case, and nothing of the message', () => {
    for (const name of ['Host', 'CONTENT-LENGTH', 'Transfer-Encoding', 'Connection', 'Keep-Alive', 'Proxy-Connection', 'TE', 'Trailer', 'Upgrade', 'Proxy-Authorization', 'Expect']) {
      expect(isPerConnectionHeader(name), name).toBe(true);
    }
    for (const name of ['Content-Type', 'User-Agent', 'X-Svc-Hmac-Sha256', 'Authorization', 'traceparent']) {
      expect(isPerConnectionHeader(name), name).toBe(false);
    }
  });

  it('framing is the subset Hooklab writes itself', () => {
    const framing = [...PER_CONNECTION_HEADERS].filter(isFramingHeader);
    expect(framing.sort()).toEqual(['connection', 'content-length', 'host', 'transfer-encoding']);
    expect(isFramingHeader('Expect')).toBe(false);
  });
});
