import Store from 'electron-store';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Settings } from '../../../shared/settings';
import type { SettingsBackend } from '../../services/settings/settings-service';
import { openSettingsFile, settingsDroppedNotice } from '../../services/settings/settings-file';

/** Settings through electron-store: the same `<dataDir>/settings.json` the browser host uses. */
export function electronStoreBackend(dataDir: string): SettingsBackend {
  const path = join(dataDir, 'settings.json');
  const { store, notices } = openSettingsFile(
    path,
    () => new Store<Record<string, unknown>>({ cwd: dataDir, name: 'settings', configFileMode: 0o600 }),
  );
  return {
    notices,
    reportDropped: (dropped) => (existsSync(path) ? settingsDroppedNotice(path, dropped) : null),
    read: () => store.store,
    write: (settings: Settings) => {
      store.store = settings as unknown as Record<string, unknown>;
    },
  };
}
