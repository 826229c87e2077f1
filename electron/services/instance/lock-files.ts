import { closeSync, fstatSync, lstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { setAsideBrokenFile } from '../platform/set-aside';

/** What is at a path, seen without following a link, and which file it is. */
export interface FileIdentity {
  readonly kind: 'file' | 'link' | 'folder' | 'other';
  readonly dev: number;
  readonly ino: number;
}

/** What is at `path` (a link is a link, never followed), or null when nothing is. */
export function fileIdentity(path: string): FileIdentity | null {
  try {
    const stat = lstatSync(path);
    const kind = stat.isSymbolicLink() ? 'link' : stat.isDirectory() ? 'folder' : stat.isFile() ? 'file' : 'other';
    return { kind, dev: stat.dev, ino: stat.ino };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Whether `path` is still the very file open as `fd` (not removed, not replaced). The open file
 * keeps its inode taken, so a new file at the path can never reuse its number.
 */
export function sameFile(fd: number, path: string): boolean {
  const held = fstatSync(fd);
  const now = fileIdentity(path);
  return held.nlink > 0 && now !== null && now.kind === 'file' && now.dev === held.dev && now.ino === held.ino;
}

/** Whether a process with this pid runs (one of another user's counts: it exists). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** Whether a regular file holds something else than an SQLite database (an empty one is a new database). */
function notSqlite(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(SQLITE_HEADER.length);
    const read = readSync(fd, head, 0, head.length, 0);
    return read > 0 && !head.subarray(0, read).equals(SQLITE_HEADER.subarray(0, read));
  } finally {
    closeSync(fd);
  }
}

const WHAT: Record<FileIdentity['kind'], string> = { file: 'not an SQLite database', link: 'a symbolic link', folder: 'a folder', other: 'not a regular file' };

/**
 * The lock files of a data folder as the lock needs them: whatever is at one of `names` and is
 * not a regular file (a folder, a symbolic link: never followed) is set aside, and so is an
 * instance-lock.db that is not a database; one line each says what was found and where it went.
 */
export function prepareLockFiles(dataDir: string, names: readonly string[]): string[] {
  const notices: string[] = [];
  for (const name of names) {
    const path = join(dataDir, name);
    const identity = fileIdentity(path);
    if (identity === null) continue;
    const broken = identity.kind !== 'file' || (name.endsWith('.db') && notSqlite(path));
    if (!broken) continue;
    let movedTo: string;
    try {
      movedTo = setAsideBrokenFile(path);
    } catch (error) {
      // Another Hooklab starting at the same moment set it aside first.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    notices.push(`${name} in ${dataDir} was ${WHAT[identity.kind]}, not Hooklab's lock: it was moved to ${movedTo} and a new one made.`);
  }
  return notices;
}
