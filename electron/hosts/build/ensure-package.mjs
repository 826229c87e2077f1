// Builds the package's JavaScript (dist/package) when missing or older than its sources, so
// `npm run hooklab -- …` and `npx hooklab …` in this checkout run the current code. Only a
// checkout has this file: the installed package ships dist/package alone.
import { join } from 'node:path';
import { execSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isStale } from './freshness.mjs';

// fileURLToPath, not .pathname: a checkout under a path with a space (x%20y) must stay itself.
const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Rebuilds when stale; returns whether it did. */
export function rebuildPackageIfStale() {
  const sources = ['electron', 'shared', 'vite.package.config.ts', 'package.json'].map((p) => join(root, p));
  if (!isStale([join(root, 'dist/package/cli/hooklab.js')], sources)) return false;
  process.stderr.write('Building the hooklab command (dist/package)...\n');
  execSync('npm run build:package --silent', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) rebuildPackageIfStale();
