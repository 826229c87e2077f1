import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * What a user gets from `npm pack`: the tarball installed into a fresh project from the local
 * file (npm's cache answers the dependencies; --prefer-offline asks the registry only for what
 * the cache lacks), then `npx hooklab` run there on this Node (22+), not the project's tsx.
 * Packed once per run: prepack builds the renderer only when it is stale.
 */
describe('the packed hooklab package', () => {
  let work: string;
  let project: string;
  // This Node (24, from the checkout's `node` package) first on PATH, as a user's Node 22+ would be.
  const env = { ...process.env, PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, npm_config_update_notifier: 'false' };

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'hooklab-pack-'));
    project = join(work, 'project');
    await run('npm', ['pack', '--pack-destination', work, '--silent'], { cwd: root, env, maxBuffer: 16 << 20 });
    const tarball = readdirSync(work).find((name) => /^hooklab-.*\.tgz$/.test(name));
    if (!tarball) throw new Error(`npm pack left no tarball in ${work}`);
    await run('mkdir', [project]);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'user-project', version: '1.0.0', private: true }));
    await run('npm', ['install', '--save-dev', `../${tarball}`, '--prefer-offline', '--no-audit', '--no-fund'], { cwd: project, env });
  }, 300_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('runs `npx hooklab --help` from the installed JavaScript', async () => {
    const { stdout } = await run('npx', ['--no-install', 'hooklab', '--help'], { cwd: project, env });
    expect(stdout).toMatch(/usage: hooklab <command>/);
    expect(stdout).toMatch(/check-handler/);
  });

  it('brings neither Electron, the renderer libraries nor tsx into the project', () => {
    for (const name of ['electron', 'monaco-editor', 'react', 'react-dom', 'tsx', 'zustand', '@monaco-editor', '@tanstack']) {
      expect(existsSync(join(project, 'node_modules', name)), `node_modules/${name}`).toBe(false);
    }
    expect(existsSync(join(project, 'node_modules/hooklab/dist/package/cli/hooklab.js'))).toBe(true);
    expect(existsSync(join(project, 'node_modules/hooklab/out/renderer/index.html'))).toBe(true);
    // The package ships built JavaScript only, no TypeScript sources.
    expect(existsSync(join(project, 'node_modules/hooklab/electron'))).toBe(false);
  });
});
