import { startCheckpointer } from './checkpointer';
import { openDatabase, type Database } from './database';

/** Hooklab's database as the core runs it. */
export interface AppDatabase {
  readonly db: Database;
  /** Stops the background checkpointer, then closes the connection. */
  close(): Promise<void>;
}

/** Opens the database (schema brought up to date) with WAL checkpoints on a background worker. */
export function openAppDatabase(path: string): AppDatabase {
  const db = openDatabase(path);
  const checkpointer = startCheckpointer(db, path);
  return {
    db,
    async close() {
      await checkpointer.stop();
      db.close();
    },
  };
}
