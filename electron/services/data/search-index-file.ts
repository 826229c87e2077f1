import { rmSync } from 'node:fs';
import type { Database } from './database';
import { unreadableDatabase } from './database';
import { prepareSqliteFile, restrictSqliteCompanions } from '../platform/private-files';

/** The schema name the index file is attached under, on the app's connection. */
export const SEARCH_SCHEMA = 'search';

/**
 * The search index's own file beside the database: `hooklab.db` → `hooklab-search.db`; null for
 * an in-memory database (its index is in memory too).
 */
export function searchIndexPath(databasePath: string | null | undefined): string | null {
  if (!databasePath) return null;
  return databasePath.replace(/(\.db)?$/, '-search.db');
}

/**
 * Attaches the search index's file to `db` (the app's main-thread connection) and makes it
 * ready: FTS5 table and the bookkeeping row. A write to an attached file takes that file's lock
 * only, so indexing never takes the write lock of hooklab.db, which the listener's thread needs
 * for every commit. The index is derived data: synchronous=NORMAL (a power cut loses at most its
 * last chunks, and their "indexed through" with them, so they are indexed again), and a file
 * that cannot be read, or was built for another database (see migration 015), is started anew.
 */
export function attachSearchIndex(db: Database, databasePath: string | null): void {
  if (attached(db)) return;
  const path = searchIndexPath(databasePath);
  try {
    open(db, path);
  } catch (error) {
    if (path === null || unreadableDatabase(error) === null) throw error;
    // Damaged or not a database: nothing in it that received_deliveries cannot give again.
    if (attached(db)) db.exec(`DETACH DATABASE ${SEARCH_SCHEMA}`);
    for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
    open(db, path);
  }
}

const attached = (db: Database) => (db.prepare('PRAGMA database_list').all() as Array<{ name: string }>).some((d) => d.name === SEARCH_SCHEMA);

function open(db: Database, path: string | null): void {
  if (path !== null) prepareSqliteFile(path);
  db.prepare(`ATTACH DATABASE ? AS ${SEARCH_SCHEMA}`).run(path ?? ':memory:');
  db.exec(`PRAGMA ${SEARCH_SCHEMA}.journal_mode = WAL`);
  db.exec(`PRAGMA ${SEARCH_SCHEMA}.synchronous = NORMAL`);
  if (path !== null) restrictSqliteCompanions(path);
  db.exec(`
    CREATE VIRTUAL TABLE IF NOT EXISTS ${SEARCH_SCHEMA}.received_search USING fts5(
      headers, body, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
    );
    CREATE TABLE IF NOT EXISTS ${SEARCH_SCHEMA}.search_state (
      one INTEGER PRIMARY KEY CHECK (one = 1),
      database_id TEXT NOT NULL,
      indexed_through INTEGER NOT NULL,
      forgotten_below INTEGER NOT NULL
    );
  `);
  const identity = (db.prepare('SELECT id FROM main.database_identity').get() as { id: string } | undefined)?.id ?? '';
  const state = db.prepare(`SELECT database_id FROM ${SEARCH_SCHEMA}.search_state`).get() as { database_id: string } | undefined;
  if (state?.database_id === identity) return;
  // New, or built for another database: everything in it is forgotten, everything stored is indexed.
  db.exec('BEGIN');
  try {
    db.exec(`INSERT INTO ${SEARCH_SCHEMA}.received_search (received_search) VALUES ('delete-all')`);
    db.prepare(`INSERT OR REPLACE INTO ${SEARCH_SCHEMA}.search_state (one, database_id, indexed_through, forgotten_below) VALUES (1, ?, 0, 0)`).run(identity);
    db.exec('COMMIT');
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
