import type { WebhookKeyInfo } from '../../../shared/settings';
import type { SettingsService } from '../settings/settings-service';

/**
 * Records which environment (store) signs with the webhook key `keyId`, null for "not known".
 * Returns false when there is no such key; saves nothing when it is already so.
 */
export function setKeyEnvironment(settings: SettingsService, keyId: string, environmentId: string | null): boolean {
  const keys = settings.get().listener.keys;
  const key = keys.find((k) => k.id === keyId);
  if (!key) return false;
  if (key.environmentId !== environmentId) {
    settings.update({ listener: { keys: keys.map((k) => (k.id === keyId ? { ...k, environmentId } : k)) } });
  }
  return true;
}

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
