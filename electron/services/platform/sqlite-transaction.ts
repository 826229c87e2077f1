import type { DatabaseSync } from 'node:sqlite';

/**
 * Runs `fn` inside one transaction: committed when it returns, rolled back when it throws (the
 * error is passed on). IMMEDIATE (the default) takes the write lock at BEGIN, so a writer never
 * fails half-way on a lock another connection took; DEFERRED suits a private connection.
 * Every transaction of the app's database and the emulator's goes through here.
 */
export function withTransaction<T>(db: DatabaseSync, fn: () => T, mode: 'IMMEDIATE' | 'DEFERRED' = 'IMMEDIATE'): T {
  db.exec(`BEGIN ${mode}`);
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    // A failed COMMIT may already have ended the transaction; ROLLBACK then would hide the error.
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
