import { describe, expect, it } from 'vitest';
import { createKeyedHmac } from '../../../../../../electron/features/live/listener/keyed-hmac';
import { nodeHmac } from '../../../../../../electron/services/platform/node-hmac';

describe('createKeyedHmac', () => {
  it('computes the same HMAC as plain createHmac, for many keys and bodies', () => {
    const hmac = createKeyedHmac(2);
    const enc = new TextEncoder();
    for (const key of ['a', 'key-2', 'ключ', 'a', 'x'.repeat(100)]) {
      for (const body of ['', '{"a":1}', '\u00ff\u0000']) {
        expect(hmac(enc.encode(key), enc.encode(body))).toEqual(nodeHmac(enc.encode(key), enc.encode(body)));
      }
    }
  });
});
