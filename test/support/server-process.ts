import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A TypeScript entry point run by node itself (tsx as a loader, no wrapper process). */
export interface ServerProcess {
  /** The pid of the node process running the entry: the server itself, not a wrapper. */
  readonly pid: number;
  readonly child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the first match of `pattern` in the output; rejects if it exits first. */
  waitFor(pattern: RegExp): Promise<RegExpExecArray>;
  /**
   * Sends `signal` to the whole process group and resolves once no process of it is left
   * (a group still there 10 s after a gentler signal gets SIGKILL).
   */
  killGroup(signal?: NodeJS.Signals): Promise<void>;
}

export interface SpawnOptions {
  readonly env?: NodeJS.ProcessEnv;
  /** Run under this open-files limit (soft and hard), through util-linux `prlimit`. */
  readonly fileLimit?: number;
}

/** True while a process (or, for a negative pid, any process of that group) exists. */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

/**
 * Starts `node --import tsx <entry> ...args` in its own process group (detached), so the test
 * can kill exactly the server and everything it started (tsx's esbuild service included) with
 * one signal to the group, instead of a `tsx` wrapper whose child would survive.
 */
export function spawnServer(entry: string, args: readonly string[], options: SpawnOptions = {}): ServerProcess {
  // A test that lies about names (HOOKLAB_TEST_NAMES) makes the child lie the same way.
  const names = options.env?.['HOOKLAB_TEST_NAMES'] ? ['--import', join(root, 'test/support/lying-resolver-preload.ts')] : [];
  const nodeArgs = ['--import', 'tsx', ...names, entry, ...args];
  const [command, commandArgs] =
    options.fileLimit !== undefined
      ? ['prlimit', [`--nofile=${options.fileLimit}:${options.fileLimit}`, process.execPath, ...nodeArgs]]
      : [process.execPath, nodeArgs];
  return spawnGroup(command, commandArgs, entry, options);
}

/** `sh -c script` in its own process group, watched and stopped like spawnServer's servers. */
export function spawnShell(script: string, options: SpawnOptions = {}): ServerProcess {
  return spawnGroup('sh', ['-c', script], 'sh', options);
}

function spawnGroup(command: string, commandArgs: readonly string[], entry: string, options: SpawnOptions): ServerProcess {
  const child = spawn(command, commandArgs, {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH ?? ''}`, ...options.env },
  });
  if (child.pid === undefined) throw new Error(`could not start ${entry}`);
  const pid = child.pid;
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString('utf8'));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    pid,
    child,
    output: () => output,
    waitFor(pattern) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (!match) return;
          child.stdout!.off('data', check);
          child.stderr!.off('data', check);
          child.off('exit', onExit);
          resolve(match);
        };
        const onExit = (code: number | null) => reject(new Error(`${entry} exited (${code}) before printing ${pattern}:\n${output}`));
        child.stdout!.on('data', check);
        child.stderr!.on('data', check);
        child.once('exit', onExit);
        check();
      });
    },
    async killGroup(signal = 'SIGKILL') {
      if (processExists(-pid)) process.kill(-pid, signal);
      const escalate =
        signal === 'SIGKILL' ? null : setTimeout(() => processExists(-pid) && process.kill(-pid, 'SIGKILL'), 10_000);
      await exited; // reaped: the pid no longer names a zombie
      if (escalate) clearTimeout(escalate);
      // Members of the group other than the leader are re-parented and reaped by init.
      while (processExists(-pid)) await new Promise((resolve) => setTimeout(resolve, 20));
    },
  };
}
