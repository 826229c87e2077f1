import { closeSync, fchmodSync, fsyncSync, linkSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writePrivateFile, PRIVATE_FILE_MODE } from '../platform/private-files';

/** Who may hold a data folder: the desktop app, the browser host, and the terminal tools. */
export const InstanceKindSchema = z.enum(['desktop', 'serve', 'listen', 'mcp']);
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
  /** Removes the lock file if it is still ours (idempotent). */
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

/**
 * Takes the data folder for this process: one writer per folder, so two hosts never share a
 * database, a listener port setting or a sandbox state file. The lock is created complete and
 * exclusively (written to a private temp file, then hard-linked into place, which fails if a
 * lock exists), so no reader ever sees a half-written lock. A lock whose process is gone (a
 * crash, a SIGKILL) is stale and taken over. Throws InstanceLockedError when a live process
 * holds it. The caller creates the folder first (createCore's hosts do, 0700).
 */
export function acquireInstanceLock(dataDir: string, options: { kind: InstanceKind; url?: string }): InstanceLock {
  const path = join(dataDir, LOCK_FILE);
  let info: InstanceInfo = { pid: process.pid, kind: options.kind, url: options.url ?? null, startedAt: new Date().toISOString() };
  // Two attempts: the second follows taking over a stale lock; losing that race is a refusal.
  for (let attempt = 0; ; attempt++) {
    if (linkNewLock(path, info)) break;
    const holder = readLock(path);
    if (holder && isAlive(holder.pid)) throw new InstanceLockedError(dataDir, holder);
    if (attempt > 0) throw new Error(`could not take over the stale lock ${path}; remove it if no Hooklab is running`);
    takeOverStale(path, holder);
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    const current = readLock(path);
    // Never remove a lock another process holds now (after ours was taken over as stale).
    if (current && current.pid === info.pid && current.startedAt === info.startedAt) rmSync(path, { force: true });
  };
  // Plain exits, process.exit() and signal handlers that exit all run this; a SIGKILL leaves a
  // stale lock that the next start takes over.
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

/** The live process holding the data folder, or null when none does (no lock, or a stale one). */
export function readRunningInstance(dataDir: string): InstanceInfo | null {
  const holder = readLock(join(dataDir, LOCK_FILE));
  return holder && isAlive(holder.pid) ? holder : null;
}

function linkNewLock(path: string, info: InstanceInfo): boolean {
  const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
  const fd = openSync(tmp, 'wx', PRIVATE_FILE_MODE);
  try {
    fchmodSync(fd, PRIVATE_FILE_MODE);
    writeSync(fd, JSON.stringify(info));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(tmp, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(tmp, { force: true });
  }
}

/**
 * Moves a stale lock aside. Renaming is atomic, so of two processes taking over the same stale
 * lock only one moves it; if what was moved turns out to be a live lock (the other process
 * already replaced the stale one), it is put back and the caller's next attempt refuses.
 */
function takeOverStale(path: string, stale: InstanceInfo | null): void {
  const aside = `${path}.${process.pid}.stale`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readLock(aside);
  const same = moved === null ? stale === null : stale !== null && moved.pid === stale.pid && moved.startedAt === stale.startedAt;
  if (!same && moved && isAlive(moved.pid)) {
    try {
      linkSync(aside, path);
    } catch {
      // Someone else has a lock in place already; theirs stands.
    }
  }
  rmSync(aside, { force: true });
}

/** The lock's contents, or null when the file is missing or not a lock (then it is stale too). */
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

/** Whether a process with this pid exists (EPERM: it exists but belongs to another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
