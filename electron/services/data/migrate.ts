import type { DatabaseSync } from 'node:sqlite';
import { withTransaction } from '../platform/sqlite-transaction';

/** A numbered schema step. Ids are dense and never reused: an applied id is never run again. */
export interface Migration {
  readonly id: number;
  readonly name: string;
  readonly sql: string;
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
    try {
      withTransaction(db, () => {
        db.exec(m.sql);
        db.exec(`PRAGMA user_version = ${m.id}`);
      });
    } catch (error) {
      throw new Error(`migration ${m.id} (${m.name}) failed: ${(error as Error).message}`);
    }
    applied.push(m.id);
  }
  return applied;
}
