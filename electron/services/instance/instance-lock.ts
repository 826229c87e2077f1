import { existsSync, readFileSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { z } from 'zod';
import { ensurePrivateFile, writePrivateFile } from '../platform/private-files';

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

/** A held data folder. Release it when stopping; it is released on process exit anyway. */
export interface InstanceLock {
  readonly dataDir: string;
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
    readonly holder: InstanceInfo,
  ) {
    const where = holder.url ? `, ${holder.url}` : '';
    super(`The data folder ${dataDir} is in use by another Hooklab (${holder.kind}, pid ${holder.pid}${where}): stop it or use --data-dir`);
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
export function acquireInstanceLock(dataDir: string, options: { kind: InstanceKind; url?: string }): InstanceLock {
  const path = join(dataDir, LOCK_FILE);
  const held = holdLockDatabase(join(dataDir, LOCK_DATABASE));
  if (!held) throw new InstanceLockedError(dataDir, readLock(path) ?? UNKNOWN_HOLDER);
  let info: InstanceInfo = { pid: process.pid, kind: options.kind, url: options.url ?? null, startedAt: new Date().toISOString() };
  try {
    writePrivateFile(path, JSON.stringify(info));
  } catch (error) {
    held.close();
    throw error;
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    const current = readLock(path);
    // Never remove a lock file another process wrote (it holds the lock now).
    if (current && current.pid === info.pid && current.startedAt === info.startedAt) rmSync(path, { force: true });
    held.close();
  };
  // A clean exit removes the lock file; any other end leaves it, naming a holder that no
  // longer holds the lock: readers ask the lock, not the file.
  process.on('exit', release);
  return {
    dataDir,
    info: () => ({ ...info }),
    setUrl(url) {
      if (released) throw new Error('the instance lock was released');
      info = { ...info, url };
      writePrivateFile(path, JSON.stringify(info));
    },
    release,
  };
}

/** The live process holding the data folder, or null when none does (no lock, or a stale file). */
export function readRunningInstance(dataDir: string): InstanceInfo | null {
  if (!existsSync(join(dataDir, LOCK_DATABASE)) || !isLockHeld(join(dataDir, LOCK_DATABASE))) return null;
  return readLock(join(dataDir, LOCK_FILE)) ?? UNKNOWN_HOLDER;
}

/** Said of a holder that has the lock but has not yet written who it is. */
const UNKNOWN_HOLDER: InstanceInfo = { pid: 1, kind: 'serve', url: null, startedAt: new Date(0).toISOString() };

/** The exclusive lock, held by the returned connection until it closes; null when another holds it. */
function holdLockDatabase(path: string): DatabaseSync | null {
  ensurePrivateFile(path);
  // Not SQLite's busy handler: two starts at the same moment each hold a SHARED lock while
  // asking for EXCLUSIVE, and both busy handlers would wait out the timeout (each waiting for
  // the other's SHARED lock): both refused. A failed try closes its connection (its SHARED
  // lock goes), waits a few random milliseconds and tries again, so one of the two wins.
  const deadline = Date.now() + ACQUIRE_WAIT_MS;
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

/** The lock file's contents, or null when the file is missing or not a lock. */
function readLock(path: string): InstanceInfo | null {
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
