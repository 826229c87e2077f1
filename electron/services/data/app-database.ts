import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { startCheckpointer } from './checkpointer';
import { openDatabase, unreadableDatabase, type Database } from './database';
import { setAsideBrokenFile, type DataNotice } from '../platform/set-aside';

/** Hooklab's database as the core runs it. */
export interface AppDatabase {
  readonly db: Database;
  /** The file at the path was not a database (or a damaged one) and was set aside. */
  readonly notices: readonly DataNotice[];
  /** Stops the background checkpointer, then closes the connection. */
  close(): Promise<void>;
}

/** Opens the database (schema brought up to date) with WAL checkpoints on a background worker. */
export function openAppDatabase(path: string): AppDatabase {
  const { db, notices } = openOrSetAside(path);
  const checkpointer = startCheckpointer(db, path);
  return {
    db,
    notices,
    async close() {
      await checkpointer.stop();
      db.close();
    },
  };
}

/**
 * A file that is not a database (overwritten) or a damaged one (half-copied, truncated: "database
 * disk image is malformed") is set aside with its WAL and a fresh database started, so the app
 * starts and says what happened instead of stopping. Any other error (a newer schema, a locked
 * file) still stops it.
 */
function openOrSetAside(path: string): { db: Database; notices: DataNotice[] } {
  try {
    return { db: openDatabase(path), notices: [] };
  } catch (error) {
    const what = unreadableDatabase(error);
    if (what === null) throw error;
    const movedTo = setAsideBrokenFile(path);
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(path + suffix)) setAsideBrokenFile(path + suffix);
    }
    const message =
      `${basename(path)} ${what === 'damaged' ? 'is damaged' : 'is not a database'} (${(error as Error).message}) and was moved to ${movedTo}. ` +
      'Lost: the received deliveries, the history copy, replays, drafts and sequences it held; a new, empty database was started.';
    return { db: openDatabase(path), notices: [{ file: path, message }] };
  }
}
