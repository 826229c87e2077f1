import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { processExists, spawnServer, type ServerProcess } from './server-process';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The bin's source: what dist/package/cli/hooklab.js is built from. */
export const HOOKLAB_ENTRY = 'electron/hosts/cli/hooklab.ts';

export interface HooklabRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs one `hooklab` command to its end in its own process group, as CI would; afterwards the
 * group is killed if anything of it is left, and must be gone.
 */
export function runHooklab(args: readonly string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<HooklabRun> {
  // tsx by path: the command may run in a project folder without node_modules.
  return runNode(['--import', pathToFileURL(`${root}/node_modules/tsx/dist/loader.mjs`).href, `${root}/${HOOKLAB_ENTRY}`, ...args], options);
}

/** `node ...nodeArgs` to its end in its own process group, which must be gone afterwards. */
export async function runNode(nodeArgs: readonly string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<HooklabRun> {
  const child = spawn(process.execPath, nodeArgs, {
    cwd: options.cwd ?? root,
    detached: true,
    env: { ...process.env, HOOKLAB_WEBHOOK_KEY: undefined, NO_COLOR: '1', ...options.env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
  const pid = child.pid!;
  if (processExists(-pid)) process.kill(-pid, 'SIGKILL');
  while (processExists(-pid)) await new Promise((resolve) => setTimeout(resolve, 20));
  return { code, stdout, stderr };
}

/** Starts a long-running `hooklab` command (listen, events --follow) in its own process group. */
export function startHooklab(args: readonly string[], env: NodeJS.ProcessEnv = {}): ServerProcess {
  return spawnServer(HOOKLAB_ENTRY, args, { env: { NO_COLOR: '1', ...env } });
}
