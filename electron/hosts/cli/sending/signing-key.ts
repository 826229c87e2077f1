import { randomBytes } from 'node:crypto';
import { readFolderCurrentKey } from '../../../services/webhook-keys/folder-key';
import type { CliIo } from '../cli-io';
import { CliError } from '../framework/exit-codes';
import { envWebhookKey } from '../../kit/env-webhook-key';

/** The key events are signed with, and where it came from (printed; never the value). */
export interface SigningKey {
  readonly value: string;
  readonly source: string;
  /** What was trimmed off HOOKLAB_WEBHOOK_KEY (also in `source`), for commands that print no source. */
  readonly notice?: string | null;
}

/**
 * HOOKLAB_WEBHOOK_KEY, else the data folder's current listener key; null when neither is set
 * (sign and check-handler then refuse: a throwaway key would prove nothing about a handler).
 */
export function storedSigningKey(env: NodeJS.ProcessEnv, dataDir: string): SigningKey | null {
  const fromEnv = envSigningKey(env);
  if (fromEnv) return fromEnv;
  return folderSigningKey(dataDir);
}

/** HOOKLAB_WEBHOOK_KEY, with what was trimmed off it said; null when unset. */
function envSigningKey(env: NodeJS.ProcessEnv): SigningKey | null {
  const fromEnv = envWebhookKey(env);
  if (!fromEnv) return null;
  return { value: fromEnv.value, source: fromEnv.notice ? `HOOKLAB_WEBHOOK_KEY (${fromEnv.notice})` : 'HOOKLAB_WEBHOOK_KEY', notice: fromEnv.notice };
}

/** The data folder's current listener key; null when it has none. */
function folderSigningKey(dataDir: string): SigningKey | null {
  // Read only: a folder that does not exist yet is not created by a trigger.
  const current = readFolderCurrentKey(dataDir);
  return current ? { value: current.value, source: `the data folder's current key “${current.label || current.id}”` } : null;
}

/**
 * The stored key (storedSigningKey), else a throwaway key made for this run (named, so the user
 * knows why a handler keyed otherwise rejects it).
 */
export function resolveSigningKey(env: NodeJS.ProcessEnv, dataDir: string): SigningKey {
  const stored = storedSigningKey(env, dataDir);
  if (stored) return stored;
  const value = randomBytes(24).toString('base64url');
  return { value, source: "a throwaway key made for this run (a handler with your store's key rejects it: set HOOKLAB_WEBHOOK_KEY)" };
}

/**
 * The webhook key from HOOKLAB_WEBHOOK_KEY, else the data folder's current key (never from the
 * command line: other users see those).
 */
export function requireWebhookKey(io: CliIo, dataDir: string): SigningKey {
  const key = storedSigningKey(io.env, dataDir);
  if (!key) throw new CliError(`set HOOKLAB_WEBHOOK_KEY to the store’s webhook key (from the merchant portal), or give --data-dir a folder with a current key (${dataDir} has none)`, { usage: true });
  return key;
}

/**
 * What a .hooklab bundle is replayed with: HOOKLAB_WEBHOOK_KEY when set, the data folder's
 * current key when asked for (`--folder-key`), else the throwaway key the bundle carries (its
 * deliveries were re-signed with it, and the teammate's handler is keyed with it).
 */
export function bundleSigningKey(env: NodeJS.ProcessEnv, dataDir: string, bundleKey: string | null, folderKey: boolean): SigningKey {
  const fromEnv = envSigningKey(env);
  if (fromEnv) return fromEnv;
  if (folderKey) {
    const current = folderSigningKey(dataDir);
    if (!current) throw new CliError(`--folder-key: the data folder ${dataDir} has no current key`);
    return current;
  }
  if (bundleKey) return { value: bundleKey, source: "the bundle's own key (signingKey)" };
  return resolveSigningKey(env, dataDir);
}
