/**
 * The `hooklab` bin (package.json "bin" -> dist/package/cli/hooklab.js, built by
 * `npm run build:package`). The version check comes before anything else is loaded: the core
 * needs node:sqlite (the Node of package.json's `engines`), and an older Node would otherwise
 * fail with a bare "No such built-in module" instead of saying what to do.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { nodeVersionProblem, requiredNode } from './node-version';

const tooOld = nodeVersionProblem(process.versions.node, requiredNode());
if (tooOld) {
  process.stderr.write(`${tooOld}\n`);
  process.exit(2);
}

// In Hooklab's own checkout the built bin may be older than the sources: rebuild, then run the
// new build in a fresh process (this one has already loaded the old entry).
const checkoutBuilder = new URL('../build/ensure-package.mjs', import.meta.url);
if (import.meta.url.includes('/dist/package/') && existsSync(checkoutBuilder)) {
  const { rebuildPackageIfStale } = (await import(checkoutBuilder.href)) as { rebuildPackageIfStale(): boolean };
  if (rebuildPackageIfStale()) {
    const again = spawnSync(process.execPath, process.argv.slice(1), { stdio: 'inherit' });
    process.exit(again.status ?? 2);
  }
}

const { hooklab } = await import('./hooklab-commands');
const { processIo } = await import('./cli-io');
process.exitCode = await hooklab(process.argv.slice(2), processIo());
