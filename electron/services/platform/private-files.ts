import { chmodSync, closeSync, existsSync, fchmodSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';

/**
 * Files only the user may read: the data folder 0700, databases (with their WAL and shared
 * memory files) and secrets 0600. Modes are set with chmod after creating, so they hold
 * whatever the process umask is (a umask of 0 would otherwise leave 0777 / 0666).
 * On Windows chmod only toggles read-only; the user's profile folder protects the data there.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder (and missing parents) if needed and makes it 0700. */
export function ensurePrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(path, PRIVATE_DIR_MODE);
}

/** Creates the file empty if missing (never truncates) and makes it 0600. */
export function ensurePrivateFile(path: string): void {
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  chmodSync(path, PRIVATE_FILE_MODE);
}

/** SQLite's companion files: write-ahead log, shared memory, rollback journal. */
const SQLITE_COMPANIONS = ['-wal', '-shm', '-journal'];

/**
 * Before SQLite opens `path`: the database file exists with 0600, so SQLite creates its WAL and
 * shared-memory files with that same mode (it copies the database file's permissions).
 */
export function prepareSqliteFile(path: string): void {
  ensurePrivateFile(path);
  // Left by an earlier version or another umask: brought to 0600 before they are reused.
  restrictSqliteCompanions(path);
}

/** Makes every companion file of `path` that exists 0600 (call after opening in WAL mode too). */
export function restrictSqliteCompanions(path: string): void {
  for (const suffix of SQLITE_COMPANIONS) {
    if (existsSync(path + suffix)) chmodSync(path + suffix, PRIVATE_FILE_MODE);
  }
}

/**
 * Replaces `path` atomically with `data`, readable only by the user from its first byte: the
 * temp file is created fresh (a leftover from a crash is removed, never reused with its old
 * mode), made 0600 before anything is written, flushed, then renamed over `path`.
 */
export function writePrivateFile(path: string, data: string): void {
  const tmp = `${path}.tmp`;
  rmSync(tmp, { force: true });
  const fd = openSync(tmp, 'wx', PRIVATE_FILE_MODE);
  try {
    try {
      fchmodSync(fd, PRIVATE_FILE_MODE);
      writeSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (error) {
    // A failed write (disk full) leaves the old file as it was and no half-written copy.
    rmSync(tmp, { force: true });
    throw error;
  }
}
