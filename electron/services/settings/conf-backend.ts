import Conf from 'conf';
import type { Settings } from '../../../shared/settings';
import type { SettingsBackend } from './settings-service';

/**
 * Settings in `<dataDir>/settings.json` through `conf`, the library electron-store wraps, so
 * the browser host and the Electron host read and write the same file shape.
 */
export function confSettingsBackend(dataDir: string): SettingsBackend {
  const conf = new Conf<Record<string, unknown>>({
    cwd: dataDir,
    configName: 'settings',
    projectName: 'hooklab',
    // Not secrets, but nobody else's business either (forward targets, environment addresses).
    configFileMode: 0o600,
  });
  return {
    read: () => conf.store,
    write: (settings: Settings) => {
      conf.store = settings as unknown as Record<string, unknown>;
    },
  };
}
