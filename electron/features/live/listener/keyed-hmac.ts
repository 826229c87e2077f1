import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import type { HmacSha256 } from '../../../../shared/signing';

/**
 * HMAC-SHA256 that turns each key into a KeyObject once. Passing raw key bytes to createHmac
 * makes Node build a new KeyObject per call, which profiled as ~18% of the listener's CPU.
 * Keys are found by comparing bytes (native memcmp over a handful of keys): naming them by a
 * latin1 string per call profiled as ~5% of the listener's thread.
 */
export function createKeyedHmac(maxKeys = 64): HmacSha256 {
  const keys: Array<{ bytes: Buffer; keyObject: KeyObject }> = [];
  return (key, data) => {
    const view = Buffer.from(key.buffer, key.byteOffset, key.byteLength);
    let entry = keys.find((k) => k.bytes.equals(view));
    if (!entry) {
      if (keys.length >= maxKeys) keys.length = 0;
      const bytes = Buffer.from(key);
      entry = { bytes, keyObject: createSecretKey(bytes) };
      keys.push(entry);
    }
    return new Uint8Array(createHmac('sha256', entry.keyObject).update(data).digest());
  };
}
