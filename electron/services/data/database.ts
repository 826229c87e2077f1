import { DatabaseSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PRIVATE_DIR_MODE, prepareSqliteFile, restrictSqliteCompanions } from '../platform/private-files';
import { migrate } from './migrate';
import { migrations } from './migrations';

export type Database = DatabaseSync;

/**
 * If the background checkpointer ever dies, SQLite's own checkpoint on commit takes over at this
 * WAL size (pages of 4 KiB: 64 MiB) instead of its default 1,000 pages, so the WAL stays bounded.
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 16_384;

/**
 * Opens (creating if needed) Hooklab's database and brings its schema up to date.
 * WAL lets the UI read while the listener writes; synchronous=FULL because a 2xx from the
 * listener promises the delivery is on disk, and NORMAL can lose the last commits on power loss.
 * The file, its WAL and shared memory are 0600 (they hold every delivery's body).
 */
export function openDatabase(path: string): Database {
  const onDisk = path !== ':memory:';
  if (onDisk) {
    // A folder made here is private; an existing one (the data folder) is the core's to set.
    mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
    prepareSqliteFile(path);
  }
  const db = new DatabaseSync(path);
  try {
    db.exec('PRAGMA journal_mode = WAL');
    if (onDisk) restrictSqliteCompanions(path);
    db.exec('PRAGMA synchronous = FULL');
    db.exec('PRAGMA foreign_keys = ON');
    db.exec('PRAGMA busy_timeout = 5000');
    migrate(db, migrations);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * Another connection to a database openDatabase already opened and migrated (the listener's
 * thread has its own): the same durability (WAL, synchronous=FULL), no schema work.
 * `busyTimeoutMs` 0 makes a write that finds the lock taken fail at once (SQLITE_BUSY) instead
 * of sleeping in SQLite's busy handler: for a caller that waits its own way (GroupCommitter).
 */
export function openConnection(path: string, options: { busyTimeoutMs?: number } = {}): Database {
  const db = new DatabaseSync(path);
  try {
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = FULL');
    db.exec('PRAGMA foreign_keys = ON');
    db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 5000))}`);
    // Commits never checkpoint here while the background checkpointer runs (see checkpointer.ts).
    db.exec(`PRAGMA wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * What is wrong with the file when SQLite cannot open it as a database: 'not a database'
 * (SQLITE_NOTADB: overwritten) or 'damaged' (SQLITE_CORRUPT, "database disk image is
 * malformed": half-copied, truncated); null for any other error (locked, a newer schema).
 */
export function unreadableDatabase(error: unknown): 'not a database' | 'damaged' | null {
  const e = error as { errcode?: number; message?: string };
  const primary = e.errcode === undefined ? null : e.errcode & 0xff;
  if (primary === 26 || /file is not a database/.test(e.message ?? '')) return 'not a database';
  if (primary === 11 || /database disk image is malformed/.test(e.message ?? '')) return 'damaged';
  return null;
}
