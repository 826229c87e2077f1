import { fileURLToPath } from 'node:url';
import { hooklab } from '../../electron/hosts/cli/hooklab-commands';
import type { HooklabRun } from './hooklab-cli';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Runs one `hooklab` command in this process (no child, no tsx start-up, which takes seconds on
 * a loaded machine): for commands that end by themselves. `cwd` is where the config and
 * relative paths are looked up (the checkout, as runHooklab's, by default); `env` is all the
 * environment the command sees.
 */
export async function hooklabInProcess(args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<HooklabRun> {
  let stdout = '';
  let stderr = '';
  const code = await hooklab(args, {
    out: (text) => void (stdout += text),
    err: (text) => void (stderr += text),
    env: { ...options.env },
    colors: false,
    cwd: options.cwd ?? root,
  });
  return { code, stdout, stderr };
}
