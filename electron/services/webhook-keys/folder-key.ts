import { join } from 'node:path';
import { FileSecretStore, fileModeCipher } from '../secrets/secret-store';
import { readSettingsSnapshot } from '../settings/settings-snapshot';
import { webhookKeySecret } from '../../../shared/settings/secret-names';

/**
 * A data folder's current webhook key, read without opening the folder (no lock, no core, no
 * `conf`): for terminal commands that only sign. Null when the folder has no settings, no key,
 * or its value is not readable here. A folder that does not exist yet is not created.
 */
export function readFolderCurrentKey(dataDir: string): { readonly id: string; readonly label: string; readonly value: string } | null {
  const settings = readSettingsSnapshot(dataDir);
  const current = settings?.listener.keys[0];
  if (!current) return null;
  // The terminal hosts' secrets file (the desktop app's values are sealed by it, unreadable here).
  const value = new FileSecretStore(join(dataDir, 'secrets.json'), fileModeCipher).get(webhookKeySecret(current.id));
  return value ? { id: current.id, label: current.label, value } : null;
}
