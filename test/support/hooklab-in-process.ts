import { hooklab } from '../../electron/hosts/cli/hooklab-commands';
import type { HooklabRun } from './hooklab-cli';

/**
 * Runs one `hooklab` command in this process (no child, no tsx start-up): for commands that
 * end by themselves. `cwd` is where the config and relative paths are looked up.
 */
export async function hooklabInProcess(args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<HooklabRun> {
  let stdout = '';
  let stderr = '';
  const code = await hooklab(args, {
    out: (text) => void (stdout += text),
    err: (text) => void (stderr += text),
    env: { ...options.env },
    colors: false,
    cwd: options.cwd,
  });
  return { code, stdout, stderr };
}
