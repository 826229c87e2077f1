import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { startCheckpointer } from './checkpointer';
import { openDatabase, unreadableDatabase, type Database } from './database';
import { setAsideBrokenFile, type DataNotice } from '../platform/set-aside';
import { DataFolderError } from '../platform/private-files';

/** Hooklab's database as the core runs it. */
export interface AppDatabase {
  readonly db: Database;
  /** The file at the path was not a database (or a damaged one) and was set aside. */
  readonly notices: readonly DataNotice[];
  /** Stops the background checkpointer, then closes the connection. */
  close(): Promise<void>;
}

/**
 * A read at start failed on a damaged page inside the database (the file itself opened): it was
 * set aside like a truncated one. The folder's opener (openDataFolder's start) then goes on with
 * a new core on a new, empty database, with this one line as its notice.
 */
export class DamagedDatabaseError extends DataFolderError {
  constructor(
    /** The database's path (where the new one is made). */
    readonly file: string,
    message: string,
  ) {
    super(message);
    this.name = 'DamagedDatabaseError';
  }
}

/**
 * After a read failed while starting: runs SQLite's integrity check (quick_check). When the
 * failure was a damaged page (and the check agrees, or cannot even run), the database is closed
 * and set aside with its WAL, and a DamagedDatabaseError says so in one line (the caller starts
 * on a new database); any other failure is returned as it was.
 */
export async function setAsideIfDamaged(database: AppDatabase, path: string, error: unknown, stopUsers: () => Promise<void>): Promise<unknown> {
  if (path === ':memory:' || unreadableDatabase(error) === null) return error;
  let found: string;
  try {
    const rows = database.db.prepare('PRAGMA quick_check(3)').all() as Array<Record<string, unknown>>;
    found = rows.map((r) => String(Object.values(r)[0])).join('; ');
    if (found === 'ok') return error;
  } catch (checkError) {
    found = (checkError as Error).message;
  }
  // What started (the listener's thread and its connection) lets the file go before it moves.
  await stopUsers();
  await database.close();
  const movedTo = setAsideDatabaseFiles(path);
  const detail = `${(error as Error).message}; integrity check: ${found}`.replace(/\s+/g, ' ').slice(0, 300);
  return new DamagedDatabaseError(path, `${basename(path)} is damaged (${detail}) and was moved to ${movedTo}. ${LOST}`);
}

const LOST = 'Lost: the received deliveries, the history copy, replays, drafts and sequences it held; a new, empty database was started.';

/** Moves the database and its WAL and shared-memory files aside; returns where the database went. */
function setAsideDatabaseFiles(path: string): string {
  const movedTo = setAsideBrokenFile(path);
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(path + suffix)) setAsideBrokenFile(path + suffix);
  }
  return movedTo;
}

/** Opens the database (schema brought up to date) with WAL checkpoints on a background worker. */
export function openAppDatabase(path: string): AppDatabase {
  const { db, notices } = openOrSetAside(path);
  const checkpointer = startCheckpointer(db, path);
  let closed: Promise<void> | null = null;
  return {
    db,
    notices,
    close() {
      closed ??= (async () => {
        await checkpointer.stop();
        db.close();
      })();
      return closed;
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
    const movedTo = setAsideDatabaseFiles(path);
    const message = `${basename(path)} ${what === 'damaged' ? 'is damaged' : 'is not a database'} (${(error as Error).message}) and was moved to ${movedTo}. ${LOST}`;
    return { db: openDatabase(path), notices: [{ file: path, message }] };
  }
}
