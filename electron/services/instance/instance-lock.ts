import { closeSync, openSync, readFileSync, rmSync, watch, type FSWatcher } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { z } from 'zod';
import { ensurePrivateFile, writePrivateFile } from '../platform/private-files';
import { fileIdentity, prepareLockFiles, processAlive, sameFile } from './lock-files';

/**
 * Who may hold a data folder: the desktop app, the browser host, the terminal tools, and a
 * terminal command that writes (replay, resend, scenario record) while it runs.
 */
export const InstanceKindSchema = z.enum(['desktop', 'serve', 'listen', 'mcp', 'command']);
export type InstanceKind = z.infer<typeof InstanceKindSchema>;

/** What the lock file holds: enough for another process to say who holds the folder and reach it. */
export const InstanceInfoSchema = z.object({
  pid: z.number().int().positive(),
  kind: InstanceKindSchema,
  /** The holder's local API (`http://127.0.0.1:PORT`), once it listens; null before and for tools without one. */
  url: z.string().url().nullable(),
  startedAt: z.string(),
});
export type InstanceInfo = z.infer<typeof InstanceInfoSchema>;

/** The lock file's name inside the data folder. */
export const LOCK_FILE = 'instance.lock';

/** Who holds a folder without having said so: no instance.lock, or one naming a process that is gone. */
export interface UnknownHolder {
  readonly kind: 'unknown';
  readonly pid: null;
  readonly url: null;
}
export const UNKNOWN_HOLDER: UnknownHolder = { kind: 'unknown', pid: null, url: null };

/** The holder of a folder, in the words of a refusal. */
export function describeHolder(holder: InstanceInfo | UnknownHolder): string {
  if (holder.kind === 'unknown') {
    return 'another program that holds instance-lock.db without saying who it is (a sqlite3 shell or a backup reading it, or a Hooklab still starting)';
  }
  return `another Hooklab (${holder.kind}, pid ${holder.pid}${holder.url ? `, ${holder.url}` : ''})`;
}

/** A held data folder. Release it when stopping; it is released on process exit anyway. */
export interface InstanceLock {
  readonly dataDir: string;
  /** One line per lock file that was not one (a folder, a link, garbage) and was set aside. */
  readonly notices: readonly string[];
  /** What this process wrote into the lock (a copy; `setUrl` changes it). */
  info(): InstanceInfo;
  /** Records where this instance's local API answers, so terminal tools can reach it. */
  setUrl(url: string): void;
  /** Removes the lock file if it is still ours and lets the lock go (idempotent). */
  release(): void;
}

/** Thrown when another live process holds the folder; `holder` says who and where. */
export class InstanceLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: InstanceInfo | UnknownHolder,
    message = `The data folder ${dataDir} is in use by ${describeHolder(holder)}: stop it or use --data-dir`,
  ) {
    super(message);
    this.name = 'InstanceLockedError';
  }
}

/** The small SQLite database whose exclusive lock is the data folder's lock. */
export const LOCK_DATABASE = 'instance-lock.db';

/**
 * How long a start waits for the lock database: a terminal tool asking who runs (a read of a
 * few microseconds) must not make a start fail, a live holder refuses after this.
 */
const ACQUIRE_WAIT_MS = 250;

/**
 * Takes the data folder for this process: one writer per folder, so two hosts never share a
 * database, a listener port setting or a sandbox state file. The lock is an exclusive SQLite
 * lock on instance-lock.db (an fcntl lock, LockFileEx on Windows), held by a connection kept
 * open for the life of the process: the operating system frees it when the process ends,
 * however it ends (SIGKILL, a zombie not yet reaped), so a dead holder never blocks a start and
 * no pid is ever asked whether it is alive. The lock file beside it (instance.lock: kind, URL,
 * pid) is written once the lock is held, for terminal tools to reach the holder. Throws
 * InstanceLockedError when a live process holds it. The caller creates the folder first.
 */
export function acquireInstanceLock(
  dataDir: string,
  options: { kind: InstanceKind; url?: string; onLost?: (message: string) => void; watchEveryMs?: number },
): InstanceLock {
  const path = join(dataDir, LOCK_FILE);
  const databasePath = join(dataDir, LOCK_DATABASE);
  const notices = prepareLockFiles(dataDir, [LOCK_DATABASE, LOCK_FILE]);
  const named = readLock(path);
  const first = holdLockDatabase(databasePath);
  if (!first) throw new InstanceLockedError(dataDir, runningHolder(named));
  let held: DatabaseSync = first;
  // Open as long as the lock is held: it says whether the path is still this file (sameFile).
  // Closed only with the lock (closing a descriptor of a file drops this process's locks on it).
  let anchor = openSync(databasePath, 'r');
  if (!named && fileIdentity(path)?.kind === 'file') notices.push(`${LOCK_FILE} in ${dataDir} named no Hooklab (not a lock file): it is written again.`);
  let info: InstanceInfo = { pid: process.pid, kind: options.kind, url: options.url ?? null, startedAt: new Date().toISOString() };
  try {
    writePrivateFile(path, JSON.stringify(info));
  } catch (error) {
    held.close();
    closeSync(anchor);
    throw error;
  }
  let released = false;
  /**
   * The lock is on instance-lock.db's inode: a file removed or replaced under a running
   * Hooklab no longer locks anything. Checked on a timer: the lock is taken again on the new
   * file (and said), or, when another process took it meanwhile, this one is told to stop.
   */
  const check = () => {
    if (released || sameFile(anchor, databasePath)) return;
    prepareLockFiles(dataDir, [LOCK_DATABASE]);
    const again = holdLockDatabase(databasePath, 0);
    if (!again) {
      clearInterval(watch);
      folderWatch?.close();
      options.onLost?.(`${LOCK_DATABASE} in ${dataDir} was removed or replaced while this Hooklab ran, and another process holds the new one: this Hooklab stops, so two never write the same database.`);
      return;
    }
    held.close();
    closeSync(anchor);
    held = again;
    anchor = openSync(databasePath, 'r');
    writePrivateFile(path, JSON.stringify(info));
  };
  const watch = setInterval(check, options.watchEveryMs ?? 1_000);
  watch.unref();
  // And at once when the folder says a name in it changed (inotify, FSEvents): the lock is taken
  // again within milliseconds, before another Hooklab can start on a new file.
  const folderWatch = watchFolder(dataDir, (name) => name === LOCK_DATABASE && check());
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(watch);
    folderWatch?.close();
    process.off('exit', release);
    const current = readLock(path);
    // Never remove a lock file another process wrote (it holds the lock now).
    if (current && current.pid === info.pid && current.startedAt === info.startedAt) rmSync(path, { force: true });
    held.close();
    closeSync(anchor);
  };
  // A clean exit removes the lock file; any other end leaves it, naming a holder that no
  // longer holds the lock: readers ask the lock, not the file.
  process.on('exit', release);
  return {
    dataDir,
    notices,
    info: () => ({ ...info }),
    setUrl(url) {
      if (released) throw new Error('the instance lock was released');
      info = { ...info, url };
      writePrivateFile(path, JSON.stringify(info));
    },
    release,
  };
}

/** Calls `onChange` with the names that change in `dir`; null where the platform cannot watch. */
function watchFolder(dir: string, onChange: (name: string | null) => void): FSWatcher | null {
  try {
    const watcher = watch(dir, { persistent: false }, (_event, name) => onChange(name === null ? null : String(name)));
    watcher.on('error', () => watcher.close());
    return watcher;
  } catch {
    return null;
  }
}

/** Whom instance.lock names, if that process lives; else the holder is unknown (a reader, a starting Hooklab). */
function runningHolder(named: InstanceInfo | null): InstanceInfo | UnknownHolder {
  return named && processAlive(named.pid) ? named : UNKNOWN_HOLDER;
}

/** The live process holding the data folder, or null when none does (no lock, or a stale file). */
export function readRunningInstance(dataDir: string): InstanceInfo | UnknownHolder | null {
  const databasePath = join(dataDir, LOCK_DATABASE);
  if (fileIdentity(databasePath)?.kind !== 'file' || !isLockHeld(databasePath)) return null;
  return runningHolder(readLock(join(dataDir, LOCK_FILE)));
}

/** The exclusive lock, held by the returned connection until it closes; null when another holds it. */
function holdLockDatabase(path: string, waitMs = ACQUIRE_WAIT_MS): DatabaseSync | null {
  ensurePrivateFile(path);
  // Not SQLite's busy handler: two starts at the same moment each hold a SHARED lock while
  // asking for EXCLUSIVE, and both busy handlers would wait out the timeout (each waiting for
  // the other's SHARED lock): both refused. A failed try closes its connection (its SHARED
  // lock goes), waits a few random milliseconds and tries again, so one of the two wins.
  const deadline = Date.now() + waitMs;
  for (;;) {
    const db = tryHoldLockDatabase(path);
    if (db) return db;
    if (Date.now() >= deadline) return null;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2 + Math.floor(Math.random() * 8));
  }
}

/** One try at the exclusive lock, with no waiting; null when another connection has a lock. */
function tryHoldLockDatabase(path: string): DatabaseSync | null {
  const db = new DatabaseSync(path);
  try {
    db.exec('PRAGMA busy_timeout = 0');
    // In exclusive locking mode the lock taken by the first write transaction is kept until
    // the connection closes.
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    return db;
  } catch (error) {
    db.close();
    if (isBusy(error)) return null;
    throw error;
  }
}

/** Whether some connection holds the lock database (a read is refused while it does). */
function isLockHeld(path: string): boolean {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    db.exec('PRAGMA busy_timeout = 0');
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    return false;
  } catch (error) {
    if (isBusy(error)) return true;
    throw error;
  } finally {
    db.close();
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { errcode?: number }).errcode;
  return code !== undefined && ((code & 0xff) === 5 || (code & 0xff) === 6);
}

/** The lock file's contents, or null when the file is missing or not a lock (a folder, a link: never followed). */
function readLock(path: string): InstanceInfo | null {
  if (fileIdentity(path)?.kind !== 'file') return null;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const parsed = InstanceInfoSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
