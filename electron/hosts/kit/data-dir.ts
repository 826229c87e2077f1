import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { ensurePrivateDir, writePrivateFile } from '../../services/platform/private-files';

import type { OptionSpec } from './options';

export const APP_NAME = 'Hooklab';

/** `--data-dir DIR`: every host and command takes it, by this one spec. */
export const DATA_DIR_OPTION: OptionSpec = { name: 'data-dir', value: 'DIR', help: "Hooklab's data folder (default: the desktop app's)" };

/**
 * The platform's app-data folder (created 0700 by the core: electron/services/platform/private-files.ts), the same one Electron's `app.getPath('userData')` gives, so
 * the browser host and the desktop app read and write the same database and settings.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), APP_NAME);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', APP_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), APP_NAME);
}

/** Where `--data-dir D --save` records D for later starts: a small file in the default folder. */
export const SAVED_START_FILE = 'start.json';

/** What a start says when the folder saved with --save is gone (unmounted, or a deleted temp folder). */
export function missingSavedFolderNotice(saved: string, defaultDir: string): string {
  return `The saved data folder ${saved} no longer exists: using the default ${defaultDir} this time (--data-dir ${defaultDir} --save keeps the default, --data-dir DIR --save picks another).`;
}

/**
 * The one rule every command, serve and mcp choose their data folder by: `--data-dir`, else
 * HOOKLAB_DATA_DIR, else the folder `--data-dir D --save` recorded, else the platform's default.
 */
export function chooseDataDir(given: string | undefined, env: NodeJS.ProcessEnv, save = false): string {
  return resolveDataDir(given ?? (env['HOOKLAB_DATA_DIR'] || undefined), save, defaultDataDir(env));
}

/**
 * The data folder of this start: `--data-dir` when given (recorded for later starts only with
 * `--save`), else the one saved earlier when it still exists, else the platform's default. A
 * saved folder that is gone is said in one line (`warn`), never opened empty in silence; the
 * note stays, so the folder is used again once it is back (a drive mounted again).
 */
export function resolveDataDir(
  given: string | undefined,
  save: boolean,
  defaultDir: string = defaultDataDir(),
  warn: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): string {
  const pointer = join(defaultDir, SAVED_START_FILE);
  if (given !== undefined) {
    const dir = resolve(given);
    if (save) {
      ensurePrivateDir(defaultDir);
      writePrivateFile(pointer, JSON.stringify({ dataDir: dir }) + '\n');
    }
    return dir;
  }
  let saved: unknown;
  try {
    saved = (JSON.parse(readFileSync(pointer, 'utf8')) as { dataDir?: unknown }).dataDir;
  } catch {
    return defaultDir; // No saved folder (or an unreadable note): the default.
  }
  if (typeof saved !== 'string' || !isAbsolute(saved)) return defaultDir;
  if (existsSync(saved)) return saved;
  warn(missingSavedFolderNotice(saved, defaultDir));
  return defaultDir;
}
