import Conf from 'conf';
import { join } from 'node:path';
import type { Settings } from '../../../shared/settings';
import type { SettingsBackend } from './settings-service';
import { openSettingsFile } from './settings-file';

/**
 * Settings in `<dataDir>/settings.json` through `conf`, the library electron-store wraps, so
 * the browser host and the Electron host read and write the same file shape.
 */
export function confSettingsBackend(dataDir: string): SettingsBackend {
  const { store: conf, notices } = openSettingsFile(
    join(dataDir, 'settings.json'),
    () =>
      new Conf<Record<string, unknown>>({
        cwd: dataDir,
        configName: 'settings',
        projectName: 'hooklab',
        // Not secrets, but nobody else's business either (forward targets, environment addresses).
        configFileMode: 0o600,
      }),
  );
  return {
    notices,
    read: () => conf.store,
    write: (settings: Settings) => {
      conf.store = settings as unknown as Record<string, unknown>;
    },
  };
}
