import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { FileSecretStore, fileModeCipher } from '../../../services/secrets/secret-store';
import { readSettingsSnapshot } from '../../../services/settings/settings-snapshot';

/** The key events are signed with, and where it came from (printed; never the value). */
export interface SigningKey {
  readonly value: string;
  readonly source: string;
}

/**
 * HOOKLAB_WEBHOOK_KEY, else the data folder's current listener key, else a throwaway key made
 * for this run (named, so the user knows why a handler keyed otherwise rejects it).
 */
export function resolveSigningKey(env: NodeJS.ProcessEnv, dataDir: string): SigningKey {
  const fromEnv = env['HOOKLAB_WEBHOOK_KEY'];
  if (fromEnv) return { value: fromEnv, source: 'HOOKLAB_WEBHOOK_KEY' };
  // Read only: a folder that does not exist yet is not created by a trigger.
  const settings = readSettingsSnapshot(dataDir);
  if (settings) {
    const current = settings.listener.keys[0];
    const value = current ? new FileSecretStore(join(dataDir, 'secrets.json'), fileModeCipher).get(`webhookKey:${current.id}`) : null;
    if (current && value) return { value, source: `the data folder's current key "${current.label || current.id}"` };
  }
  const value = randomBytes(24).toString('base64url');
  return { value, source: "a throwaway key made for this run (a handler with your store's key rejects it: set HOOKLAB_WEBHOOK_KEY)" };
}
