import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const run = promisify(execFile);
const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The environment of a user's project: this Node (24, from the checkout's `node` package) first
 * on PATH, as a user's Node 22+ would be, and none of the variables of the Vitest run this test
 * is part of (a Vitest inside the project must not think it is a worker of this one), no colours.
 */
export function userEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(VITEST|TEST$|NODE_OPTIONS$|NODE_ENV$|FORCE_COLOR$)/.test(name)));
  return { ...env, PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, npm_config_update_notifier: 'false', NO_COLOR: '1' };
}

/**
 * What a user gets from `npm pack`: the tarball installed into a fresh project from the local
 * file (npm's cache answers the dependencies; --prefer-offline asks the registry only for what
 * the cache lacks), with `devDependencies` of the user's own (test runners) beside it. Returns
 * the temporary folder holding the tarball and the project (`<work>/project`), and what the
 * install printed; remove the folder after.
 */
export async function installPackedHooklab(prefix: string, devDependencies: readonly string[] = []): Promise<{ work: string; project: string; installOutput: string }> {
  const env = userEnv();
  const work = mkdtempSync(join(tmpdir(), prefix));
  const project = join(work, 'project');
  await run('npm', ['pack', '--pack-destination', work, '--silent'], { cwd: root, env, maxBuffer: 16 << 20 });
  const tarball = readdirSync(work).find((name) => /^hooklab-.*\.tgz$/.test(name));
  if (!tarball) throw new Error(`npm pack left no tarball in ${work}`);
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'user-project', version: '1.0.0', private: true, type: 'module' }));
  const installed = await run('npm', ['install', '--save-dev', `../${tarball}`, ...devDependencies, '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: project,
    env,
    maxBuffer: 16 << 20,
  });
  return { work, project, installOutput: `${installed.stdout}${installed.stderr}` };
}
