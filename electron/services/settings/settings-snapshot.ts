import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Settings } from '../../../shared/settings';
import { SettingsService } from './settings-service';

/**
 * The data folder's settings as they are on disk, read-only and without `conf` (which takes a
 * tenth of a second to load): for commands that only look (which key, which port) and must
 * start fast. Null when the folder has no settings yet; the file is the one conf-backend writes.
 */
export function readSettingsSnapshot(dataDir: string): Settings | null {
  const path = join(dataDir, 'settings.json');
  if (!existsSync(path)) return null;
  const raw = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  return new SettingsService({
    read: () => raw,
    write: () => {
      throw new Error('a settings snapshot is read-only');
    },
  }).get();
}
