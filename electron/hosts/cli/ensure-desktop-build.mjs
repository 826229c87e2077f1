// Builds the desktop app (out/main, out/preload, out/renderer: what Electron loads) when any of
// it is missing or older than its sources, so the Electron host harness never tests a stale build.
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { isStale } from './freshness.mjs';
import { fileURLToPath } from 'node:url';

// fileURLToPath, not .pathname: a checkout under a path with a space (x%20y) must stay itself.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const outputs = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'].map((p) =>
  join(root, p),
);
const sources = ['electron', 'shared', 'renderer', 'electron.vite.config.ts', 'package.json'].map(
  (p) => join(root, p),
);

if (isStale(outputs, sources)) {
  process.stderr.write(
    'Building the Hooklab desktop app (electron-vite build: out/main, out/preload, out/renderer)...\n',
  );
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}
