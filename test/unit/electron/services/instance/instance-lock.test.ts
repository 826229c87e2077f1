import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  acquireInstanceLock,
  InstanceLockedError,
  LOCK_FILE,
  readRunningInstance,
} from '../../../../../electron/services/instance/instance-lock';
import { tempDirs } from '../../../../support/temp-dirs';

const tempDir = tempDirs('hooklab-lock-');

/** A pid that certainly names no process: one that ran and was reaped. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('the instance lock of a data folder', () => {
  it('is one private file holding pid, kind, url and start time, removed on release', () => {
    const dir = tempDir();
    const lock = acquireInstanceLock(dir, { kind: 'serve' });
    const path = join(dir, LOCK_FILE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const held = JSON.parse(readFileSync(path, 'utf8'));
    expect(held).toMatchObject({ pid: process.pid, kind: 'serve', url: null });
    expect(Number.isNaN(Date.parse(held.startedAt))).toBe(false);
    lock.setUrl('http://127.0.0.1:5173');
    expect(readRunningInstance(dir)).toMatchObject({ pid: process.pid, kind: 'serve', url: 'http://127.0.0.1:5173' });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    lock.release();
    expect(existsSync(path)).toBe(false);
    expect(readRunningInstance(dir)).toBeNull();
  });

  it('refuses a second holder while the first lives, naming the folder, the holder and its url', () => {
    const dir = tempDir();
    const first = acquireInstanceLock(dir, { kind: 'serve', url: 'http://127.0.0.1:5173' });
    let refusal: unknown;
    try {
      acquireInstanceLock(dir, { kind: 'desktop' });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(InstanceLockedError);
    expect((refusal as InstanceLockedError).holder).toMatchObject({ pid: process.pid, kind: 'serve', url: 'http://127.0.0.1:5173' });
    expect((refusal as Error).message).toBe(
      `The data folder ${dir} is in use by another Hooklab (serve, pid ${process.pid}, http://127.0.0.1:5173): stop it or use --data-dir`,
    );
    // The refused attempt left the first holder's lock as it was.
    expect(readRunningInstance(dir)).toMatchObject({ kind: 'serve', url: 'http://127.0.0.1:5173' });
    first.release();
    acquireInstanceLock(dir, { kind: 'desktop' }).release();
  });

  it('takes over a lock whose process is gone, and a lock file that is not a lock', () => {
    const dir = tempDir();
    const path = join(dir, LOCK_FILE);
    const dead = deadPid();
    writeFileSync(path, JSON.stringify({ pid: dead, kind: 'desktop', url: 'http://127.0.0.1:1', startedAt: '2020-01-01T00:00:00Z' }));
    expect(readRunningInstance(dir)).toBeNull();
    const lock = acquireInstanceLock(dir, { kind: 'serve' });
    expect(readRunningInstance(dir)).toMatchObject({ pid: process.pid, kind: 'serve' });
    lock.release();

    writeFileSync(path, 'not json');
    const again = acquireInstanceLock(dir, { kind: 'listen' });
    expect(readRunningInstance(dir)).toMatchObject({ pid: process.pid, kind: 'listen' });
    again.release();
  });

  it('never removes a lock that another holder took over', () => {
    const dir = tempDir();
    const path = join(dir, LOCK_FILE);
    const lock = acquireInstanceLock(dir, { kind: 'serve' });
    const other = { pid: process.pid, kind: 'mcp', url: null, startedAt: '2030-01-01T00:00:00Z' };
    writeFileSync(path, JSON.stringify(other));
    lock.release();
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(other);
  });
});
