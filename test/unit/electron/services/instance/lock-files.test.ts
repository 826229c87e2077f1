import { describe, expect, it, vi } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import {
  acquireInstanceLock,
  InstanceLockedError,
  LOCK_DATABASE,
  LOCK_FILE,
  readRunningInstance,
} from '../../../../../electron/services/instance/instance-lock';
import { tempDirs } from '../../../../support/temp-dirs';
import { spawnServer } from '../../../../support/server-process';
import { processesStoppedAfterEach } from '../../../../support/stopped-processes';

const tempDir = tempDirs('hooklab-lock-files-');
const processes = processesStoppedAfterEach();

const refusalOf = (dir: string): InstanceLockedError => {
  try {
    acquireInstanceLock(dir, { kind: 'desktop' }).release();
  } catch (error) {
    if (error instanceof InstanceLockedError) return error;
    throw error;
  }
  throw new Error('the lock was taken');
};

describe('the lock when its files are removed, read or not what they should be', () => {
  it('takes its lock again when instance-lock.db is removed under it, so the next start is refused', async () => {
    const dir = tempDir();
    const holder = spawnServer('test/unit/electron/services/instance/lock-holder.ts', [dir]);
    processes.push(holder);
    const pid = Number((await holder.waitFor(/held (\d+)/))[1]);
    rmSync(join(dir, LOCK_DATABASE));
    // Noticed at once (the folder is watched), else on the holder's next check.
    await vi.waitFor(() => expect(existsSync(join(dir, LOCK_DATABASE))).toBe(true));
    expect(refusalOf(dir).message).toBe(`The data folder ${dir} is in use by another Hooklab (serve, pid ${pid}): stop it or use --data-dir`);
    expect(readRunningInstance(dir)).toMatchObject({ pid, kind: 'serve' });
    expect(holder.output()).not.toContain('lost');
  });

  it('tells the holder to stop when another process took the lock file that replaced its own', async () => {
    const dir = tempDir();
    const lost = new Promise<string>((resolve) => {
      acquireInstanceLock(dir, { kind: 'serve', watchEveryMs: 10, onLost: resolve });
    });
    rmSync(join(dir, LOCK_DATABASE));
    const other = new DatabaseSync(join(dir, LOCK_DATABASE));
    other.exec('PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; COMMIT;');
    expect(await lost).toMatch(/instance-lock\.db .* was removed or replaced while this Hooklab ran, and another process holds the new one: this Hooklab stops/);
    other.close();
  });

  it('names a reader of instance-lock.db (a sqlite3 shell, a backup) as an unknown holder, never as a Hooklab', () => {
    const dir = tempDir();
    acquireInstanceLock(dir, { kind: 'serve' }).release();
    // A stale instance.lock of a Hooklab long gone is not the holder either.
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: 2 ** 22 + 7, kind: 'serve', url: null, startedAt: '2020-01-01T00:00:00Z' }));
    const reader = new DatabaseSync(join(dir, LOCK_DATABASE));
    reader.exec('BEGIN');
    reader.prepare('SELECT count(*) FROM sqlite_master').get();
    try {
      const refusal = refusalOf(dir);
      expect(refusal.message).toBe(
        `The data folder ${dir} is in use by another program that holds instance-lock.db without saying who it is (a sqlite3 shell or a backup reading it, or a Hooklab still starting): stop it or use --data-dir`,
      );
      expect(refusal.holder).toMatchObject({ kind: 'unknown', pid: null });
      // Terminal tools see no Hooklab running (a reader does not hold the lock against readers).
      expect(readRunningInstance(dir)).toBeNull();
    } finally {
      reader.close();
    }
  });

  const setAside = (dir: string, name: string) => readdirSync(dir).filter((f) => f.startsWith(`${name}.broken-`));

  it.each([
    ['instance.lock', 'a folder', (path: string) => mkdirSync(path)],
    ['instance-lock.db', 'a folder', (path: string) => mkdirSync(path)],
    ['instance-lock.db', 'not an SQLite database', (path: string) => writeFileSync(path, 'garbage, not a database at all')],
  ])('sets %s aside when it is %s, says so in one line, and takes the lock', (name, what, make) => {
    const dir = tempDir();
    make(join(dir, name));
    const lock = acquireInstanceLock(dir, { kind: 'serve' });
    expect(lock.notices).toEqual([expect.stringMatching(new RegExp(`^${name.replace('.', '\\.')} in .* was ${what}, not Hooklab's lock: it was moved to .*${name.replace('.', '\\.')}\\.broken-`))]);
    expect(lock.notices[0]).not.toContain('\n');
    expect(setAside(dir, name)).toHaveLength(1);
    expect(readRunningInstance(dir)).toMatchObject({ pid: process.pid, kind: 'serve' });
    lock.release();
  });

  it.each([LOCK_FILE, LOCK_DATABASE])('never follows %s when it is a symbolic link: the link is set aside, its target untouched', (name) => {
    const dir = tempDir();
    const outside = join(tempDir(), 'elsewhere.txt');
    writeFileSync(outside, 'the user\'s file', { mode: 0o644 });
    symlinkSync(outside, join(dir, name));
    const lock = acquireInstanceLock(dir, { kind: 'serve' });
    lock.release();
    expect(lock.notices).toEqual([expect.stringContaining(`${name} in ${dir} was a symbolic link, not Hooklab's lock`)]);
    expect(readFileSync(outside, 'utf8')).toBe("the user's file");
    expect(statSync(outside).mode & 0o777).toBe(0o644);
  });

  it('says in one line that an instance.lock of garbage named no Hooklab', () => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_FILE), 'not json');
    const lock = acquireInstanceLock(dir, { kind: 'listen' });
    expect(lock.notices).toEqual([`${LOCK_FILE} in ${dir} named no Hooklab (not a lock file): it is written again.`]);
    lock.release();
  });
});
