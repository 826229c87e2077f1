import type { DatabaseSync } from 'node:sqlite';
import { withTransaction } from '../platform/sqlite-transaction';

/** A numbered schema step. Ids are dense and never reused: an applied id is never run again. */
export interface Migration {
  readonly id: number;
  readonly name: string;
  readonly sql: string;
  /**
   * A step SQL text alone cannot say (it reads the schema as it is): runs after `sql`, in the
   * same transaction, with foreign keys off so a table can be rebuilt without its children's
   * ON DELETE CASCADE firing (SQLite's documented 12-step table change).
   */
  readonly rebuild?: (db: DatabaseSync) => void;
}

/**
 * Applies every migration newer than the database's `user_version`, each in its own
 * transaction, so a crash mid-way leaves the database at the last complete step.
 * Returns the ids applied.
 */
export function migrate(db: DatabaseSync, migrations: readonly Migration[]): number[] {
  const sorted = [...migrations].sort((a, b) => a.id - b.id);
  sorted.forEach((m, index) => {
    if (m.id !== index + 1) throw new Error(`migration ids must be 1..n without gaps (found ${m.id} at ${index + 1})`);
  });
  const current = Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
  if (current > sorted.length) {
    throw new Error(
      `the database is at schema version ${current}, newer than this Hooklab (${sorted.length}); update Hooklab`,
    );
  }
  const applied: number[] = [];
  for (const m of sorted) {
    if (m.id <= current) continue;
    // foreign_keys cannot change inside a transaction: switched off before, back after.
    const foreignKeys = m.rebuild ? Number((db.prepare('PRAGMA foreign_keys').get() as { foreign_keys: number }).foreign_keys) : 0;
    if (m.rebuild) db.exec('PRAGMA foreign_keys = OFF');
    try {
      withTransaction(db, () => {
        db.exec(m.sql);
        if (m.rebuild) {
          m.rebuild(db);
          const broken = db.prepare('PRAGMA foreign_key_check').all();
          if (broken.length > 0) throw new Error(`${broken.length} rows break a foreign key after the rebuild`);
        }
        db.exec(`PRAGMA user_version = ${m.id}`);
      });
    } catch (error) {
      throw new Error(`migration ${m.id} (${m.name}) failed: ${(error as Error).message}`);
    } finally {
      if (foreignKeys) db.exec('PRAGMA foreign_keys = ON');
    }
    applied.push(m.id);
  }
  return applied;
}
