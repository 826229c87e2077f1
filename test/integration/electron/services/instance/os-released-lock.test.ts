import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnServer, spawnShell, type ServerProcess } from '../../../../support/server-process';
import { processesStoppedAfterEach } from '../../../../support/stopped-processes';
import { tempDirs } from '../../../../support/temp-dirs';
import { acquireInstanceLock, InstanceLockedError, LOCK_FILE, readRunningInstance } from '../../../../../electron/services/instance/instance-lock';

const tempDir = tempDirs('hooklab-os-lock-');
const holder = fileURLToPath(new URL('./lock-holder.ts', import.meta.url));
const processes = processesStoppedAfterEach();

function startHolder(dataDir: string): ServerProcess {
  const p = spawnServer(holder, [dataDir]);
  processes.push(p);
  return p;
}

/** The process state letter of /proc/PID/stat (Z: a zombie, dead but not reaped). */
function stateOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
}

describe('the data folder lock is one the operating system releases', () => {
  it('refuses a start while a live holder has it, naming the holder', async () => {
    const dataDir = tempDir();
    const first = startHolder(dataDir);
    await first.waitFor(/^held/m);
    expect(() => acquireInstanceLock(dataDir, { kind: 'serve' })).toThrow(InstanceLockedError);
    expect(() => acquireInstanceLock(dataDir, { kind: 'serve' })).toThrow(
      `The data folder ${dataDir} is in use by another Hooklab (listen, pid ${first.pid}, http://127.0.0.1:9): stop it or use --data-dir`,
    );
    expect(readRunningInstance(dataDir)).toMatchObject({ pid: first.pid, kind: 'listen' });
  });

  it.runIf(process.platform === 'linux')('is free once its holder was killed, even while the holder is a zombie its stopped parent has not reaped', async () => {
    const dataDir = tempDir();
    // A shell (the parent) starts the holder and waits for it; the parent is then stopped, so
    // the holder killed with SIGKILL stays a zombie: its pid is still in the process table.
    const shell = spawnShell(`"${process.execPath}" --import tsx "${holder}" "${dataDir}" & wait`);
    processes.push(shell);
    const [, pid] = (await shell.waitFor(/^held (\d+)$/m)) as unknown as [string, string];
    const held = Number(pid);
    process.kill(shell.pid, 'SIGSTOP');
    try {
      process.kill(held, 'SIGKILL');
      // Dead: the leader is a zombie and its other threads (Node's pool, V8's) have exited too.
      // The leader shows Z while they may still be closing the files they share, the lock's
      // among them; once /proc/PID/task lists the leader alone, every descriptor is closed.
      while (stateOf(held) !== 'Z' || readdirSync(`/proc/${held}/task`).length > 1) await new Promise((resolve) => setTimeout(resolve, 10));
      // The old lock asked "is pid N alive?", and a zombie answers yes.
      expect(() => process.kill(held, 0)).not.toThrow();
      expect(readRunningInstance(dataDir)).toBeNull();
      acquireInstanceLock(dataDir, { kind: 'serve' }).release();
    } finally {
      process.kill(shell.pid, 'SIGCONT');
    }
  });

  it('is free when the lock file names a live pid of another program (a pid reused)', async () => {
    const dataDir = tempDir();
    const other = spawnShell('echo started; exec sleep 60');
    processes.push(other);
    await other.waitFor(/started/);
    writeFileSync(join(dataDir, LOCK_FILE), JSON.stringify({ pid: other.pid, kind: 'desktop', url: 'http://127.0.0.1:9', startedAt: new Date().toISOString() }));
    expect(readRunningInstance(dataDir)).toBeNull();
    const lock = acquireInstanceLock(dataDir, { kind: 'serve' });
    expect(readRunningInstance(dataDir)).toMatchObject({ pid: process.pid, kind: 'serve' });
    lock.release();
  });

  it('lets exactly one of two holders started at the same moment have the folder', async () => {
    const dataDir = tempDir();
    const both = [startHolder(dataDir), startHolder(dataDir)];
    const outcomes = await Promise.all(both.map((p) => p.waitFor(/^(held|refused)/m).then((m) => m[1])));
    expect([...outcomes].sort()).toEqual(['held', 'refused']);
    const winner = both[outcomes.indexOf('held')]!;
    expect(readRunningInstance(dataDir)).toMatchObject({ pid: winner.pid });
  });
});
