import Store from 'electron-store';
import { join } from 'node:path';
import type { Settings } from '../../../shared/settings';
import type { SettingsBackend } from '../../services/settings/settings-service';
import { openSettingsFile } from '../../services/settings/settings-file';

/** Settings through electron-store: the same `<dataDir>/settings.json` the browser host uses. */
export function electronStoreBackend(dataDir: string): SettingsBackend {
  const { store, notices } = openSettingsFile(
    join(dataDir, 'settings.json'),
    () => new Store<Record<string, unknown>>({ cwd: dataDir, name: 'settings', configFileMode: 0o600 }),
  );
  return {
    notices,
    read: () => store.store,
    write: (settings: Settings) => {
      store.store = settings as unknown as Record<string, unknown>;
    },
  };
}
