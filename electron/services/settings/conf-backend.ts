import Conf from 'conf';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Settings } from '../../../shared/settings';
import type { SettingsBackend } from './settings-service';
import { openSettingsFile, settingsDroppedNotice } from './settings-file';

/**
 * Settings in `<dataDir>/settings.json` through `conf`, the library electron-store wraps, so
 * the browser host and the Electron host read and write the same file shape.
 */
export function confSettingsBackend(dataDir: string): SettingsBackend {
  const path = join(dataDir, 'settings.json');
  const { store: conf, notices } = openSettingsFile(
    path,
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
    reportDropped: (dropped) => (existsSync(path) ? settingsDroppedNotice(path, dropped) : null),
    read: () => conf.store,
    write: (settings: Settings) => {
      conf.store = settings as unknown as Record<string, unknown>;
    },
  };
}
