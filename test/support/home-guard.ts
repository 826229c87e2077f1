import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/**
 * Keeps a test run off the user's own Hooklab. Before any test starts, the run gets a temporary
 * HOME and XDG_CONFIG_HOME (every worker and every process a test starts inherits them), and
 * the real home's Hooklab folders are photographed; after the last test the run fails when one
 * of them changed (a file written, a delivery recorded by a running app fed by a test).
 *
 * A running Hooklab may own the folder meanwhile: its SQLite companions (-wal, -shm) and its
 * lock change on their own, so databases are compared by their row counts, not their bytes.
 */
export interface HomeGuard {
  /** The temporary HOME the run uses. */
  readonly home: string;
  /** Throws naming what a test changed in the real Hooklab folders; removes the temporary HOME. */
  check(): void;
}

/** Set once the run's HOME is the temporary one. */
export const GUARDED_ENV = 'HOOKLAB_TEST_HOME_GUARDED';

const OWN_CHANGING_FILES = /(-wal|-shm|-journal|instance\.lock)$/;
const DATABASE = /\.(db|sqlite)$/;

/** The Hooklab folders of the real home (what `defaultDataDir` gives there), before the override. */
export function realHooklabFolders(env: NodeJS.ProcessEnv = process.env): string[] {
  const home = env.HOME ?? homedir();
  const folders = new Set([join(home, '.config', 'Hooklab'), join(home, 'Library', 'Application Support', 'Hooklab')]);
  if (env.XDG_CONFIG_HOME) folders.add(join(env.XDG_CONFIG_HOME, 'Hooklab'));
  return [...folders];
}

function rowCounts(path: string): string {
  let db: DatabaseSync | null = null;
  try {
    db = new DatabaseSync(path, { readOnly: true });
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[];
    return tables.map(({ name }) => `${name}=${String((db!.prepare(`SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`).get() as { n: number }).n)}`).join(',');
  } catch (error) {
    return `unreadable: ${(error as Error).message}`;
  } finally {
    db?.close();
  }
}

/** Path (relative to the folder) -> what identifies its content; an absent folder is empty. */
export function photograph(folder: string): Map<string, string> {
  const photo = new Map<string, string>();
  const walk = (dir: string, prefix: string): void => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      const relative = prefix + name;
      let stat;
      try {
        stat = statSync(path);
      } catch {
        continue;
      }
      if (stat.isDirectory()) walk(path, `${relative}/`);
      else if (DATABASE.test(name)) photo.set(relative, `rows ${rowCounts(path)}`);
      else if (!OWN_CHANGING_FILES.test(name)) photo.set(relative, `${stat.size} bytes, modified ${stat.mtime.toISOString()}`);
    }
  };
  if (existsSync(folder)) photo.set('.', 'exists');
  walk(folder, '');
  return photo;
}

/** "rows a=1,b=2" twice: only the tables whose count moved; else both whole. */
function change(was: string, now: string): string {
  if (!was.startsWith('rows ') || !now.startsWith('rows ')) return `${was} -> ${now}`;
  const counts = (text: string) => new Map(text.slice(5).split(',').map((pair) => pair.split('=') as [string, string]));
  const [before, after] = [counts(was), counts(now)];
  return [...new Set([...before.keys(), ...after.keys()])]
    .filter((table) => before.get(table) !== after.get(table))
    .map((table) => `${table} rows ${before.get(table) ?? '-'} -> ${after.get(table) ?? '-'}`)
    .join(', ');
}

/** What differs between two photographs of one folder, one line each. */
export function differences(folder: string, before: Map<string, string>, after: Map<string, string>): string[] {
  const lines: string[] = [];
  for (const [path, was] of before) {
    const now = after.get(path);
    if (now === undefined) lines.push(`${join(folder, path)} was removed (was ${was})`);
    else if (now !== was) lines.push(`${join(folder, path)} changed: ${change(was, now)}`);
  }
  for (const [path, now] of after) if (!before.has(path)) lines.push(`${join(folder, path)} was created (${now})`);
  return lines;
}

/** Photographs the real Hooklab folders and points this process (and so its children) at a temporary home. */
export function guardRealHome(): HomeGuard {
  // A project's own global setup may run this again in the same runner: the first one guards.
  if (process.env[GUARDED_ENV]) return { home: process.env.HOME!, check: () => {} };
  const folders = realHooklabFolders();
  const before = folders.map((folder) => photograph(folder));
  const home = mkdtempSync(join(tmpdir(), 'hooklab-test-home-'));
  process.env[GUARDED_ENV] = '1';
  process.env.HOME = home;
  process.env.XDG_CONFIG_HOME = join(home, '.config');
  return {
    home,
    check() {
      rmSync(home, { recursive: true, force: true });
      const changed = folders.flatMap((folder, i) => differences(folder, before[i]!, photograph(folder)));
      if (changed.length > 0) {
        throw new Error(`A test touched the real home's Hooklab folder (tests must use a temporary HOME and data folder):\n  ${changed.join('\n  ')}`);
      }
    },
  };
}
