import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import type { HmacSha256 } from '../../../../shared/signing';

/**
 * HMAC-SHA256 that turns each key into a KeyObject once. Passing raw key bytes to createHmac
 * makes Node build a new KeyObject per call, which profiled as ~18% of the listener's CPU.
 */
export function createKeyedHmac(maxKeys = 64): HmacSha256 {
  const keys = new Map<string, KeyObject>();
  return (key, data) => {
    const id = Buffer.from(key.buffer, key.byteOffset, key.byteLength).toString('latin1');
    let keyObject = keys.get(id);
    if (!keyObject) {
      if (keys.size >= maxKeys) keys.clear();
      keyObject = createSecretKey(Buffer.from(key));
      keys.set(id, keyObject);
    }
    return new Uint8Array(createHmac('sha256', keyObject).update(data).digest());
  };
}
