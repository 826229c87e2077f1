import type { WebhookKeyInfo } from '../../../shared/settings';

/**
 * The keys of known environments other than `environmentId`: a delivery one of them verified
 * was sent by another store. A key naming an environment since removed counts as unattributed.
 */
export function otherEnvironmentKeyIds(
  keys: readonly WebhookKeyInfo[],
  environmentId: string,
  isKnown: (environmentId: string) => boolean,
): string[] {
  return keys.filter((k) => k.environmentId !== null && k.environmentId !== environmentId && isKnown(k.environmentId)).map((k) => k.id);
}
