import { homedir } from 'node:os';
import { join } from 'node:path';

export const APP_NAME = 'Hooklab';

/**
 * The platform's app-data folder (created 0700 by the core: electron/services/platform/private-files.ts), the same one Electron's `app.getPath('userData')` gives, so
 * the browser host and the desktop app read and write the same database and settings.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), APP_NAME);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', APP_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), APP_NAME);
}
