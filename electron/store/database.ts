import { DatabaseSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrate } from './migrate';
import { migrations } from './migrations';

export type Database = DatabaseSync;

/**
 * Opens (creating if needed) Hooklab's database and brings its schema up to date.
 * WAL lets the UI read while the listener writes; synchronous=FULL because a 2xx from the
 * listener promises the delivery is on disk, and NORMAL can lose the last commits on power loss.
 */
export function openDatabase(path: string): Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  migrate(db, migrations);
  return db;
}
