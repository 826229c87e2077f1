import { accessSync, chmodSync, closeSync, constants, existsSync, fchmodSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Files only the user may read: the data folder 0700, databases (with their WAL and shared
 * memory files) and secrets 0600. Modes are set with chmod after creating, so they hold
 * whatever the process umask is (a umask of 0 would otherwise leave 0777 / 0666).
 * On Windows chmod only toggles read-only; the user's profile folder protects the data there.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** A folder that cannot be Hooklab's data folder (a file, /dev/null, a read-only file system): one line saying why. */
export class DataFolderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataFolderError';
  }
}

const REASONS: Record<string, string> = {
  EROFS: 'a read-only file system',
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  ENOTDIR: 'a part of the path is a file',
  ENOENT: 'it cannot be made there',
  ENOSPC: 'the disk is full',
};

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  return REASONS[code] ? `${REASONS[code]}, ${code}` : code || (error as Error).message;
}

/**
 * The folder as Hooklab's private folder. One it creates (with any missing parents) is made 0700.
 * One that exists is the user's choice (a shared 1777 folder, a repository) and is never changed:
 * when others may read it, the warning returned says so. Anything that cannot be a writable
 * folder throws a DataFolderError. Parents are made one at a time, not with mkdir's recursive
 * mode, which never ends on a path under /proc.
 */
export function ensurePrivateDir(path: string): string | null {
  const target = resolve(path);
  const missing: string[] = [];
  for (let at = target; ; at = dirname(at)) {
    let isDirectory: boolean;
    try {
      isDirectory = statSync(at).isDirectory();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' || dirname(at) === at) throw new DataFolderError(`cannot use ${target} as a folder (${reason(error)})`);
      missing.push(at);
      continue;
    }
    if (!isDirectory) throw new DataFolderError(`cannot use ${target} as a folder: ${at} is not a folder`);
    break;
  }
  for (const dir of missing.reverse()) {
    try {
      mkdirSync(dir, { mode: PRIVATE_DIR_MODE });
    } catch (error) {
      throw new DataFolderError(`cannot create the folder ${target} (${reason(error)})`);
    }
    chmodSync(dir, PRIVATE_DIR_MODE);
  }
  if (missing.length > 0) return null;
  try {
    accessSync(target, constants.W_OK);
  } catch (error) {
    throw new DataFolderError(`cannot write in the folder ${target} (${reason(error)})`);
  }
  const mode = statSync(target).mode & 0o7777;
  if (process.platform === 'win32' || (mode & 0o077) === 0) return null;
  return `the folder ${target} is open to other users (mode ${mode.toString(8)}): Hooklab left it as it is; \`chmod 700\` it to keep its deliveries and secrets private.`;
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
