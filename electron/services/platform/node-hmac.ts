import { createHmac } from 'node:crypto';
import type { HmacSha256 } from '../../../shared/signing';

/** Node's native HMAC-SHA256, the implementation main, the sandbox and tests inject. */
export const nodeHmac: HmacSha256 = (key, data) =>
  new Uint8Array(createHmac('sha256', key).update(data).digest());
