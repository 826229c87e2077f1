import { createCore, type Core, type CoreOptions } from '../../electron/core/core';
import { silentLogger } from '../../electron/services/kernel/logger';
import { MemorySecretStore } from '../../electron/services/secrets/secret-store';
import { memorySettingsBackend } from '../../electron/services/settings/settings-service';
import { tempDirs } from './temp-dirs';

/** What a test chooses of a core on a fresh folder: its features and whether every call needs a handler. */
export type FreshCoreOptions = Pick<CoreOptions, 'features' | 'requireAllHandlers' | 'log'>;

/**
 * Returns `coreWith`: a core of the browser host on a fresh data folder (removed after the
 * test), memory settings and secrets, silent unless given a log, not requiring every call to
 * have a handler unless asked. Creating it may throw (a core that refuses to start).
 */
export function coresOnFreshFolders(prefix: string): (options: FreshCoreOptions) => Core {
  const newDir = tempDirs(prefix);
  return (options) =>
    createCore({
      hostKind: 'browser',
      version: 'test',
      dataDir: newDir(),
      settingsBackend: memorySettingsBackend(),
      secrets: new MemorySecretStore(),
      log: options.log ?? silentLogger,
      requireAllHandlers: options.requireAllHandlers ?? false,
      ...(options.features ? { features: options.features } : {}),
    });
}
