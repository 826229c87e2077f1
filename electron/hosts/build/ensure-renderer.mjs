// Builds the renderer for the browser host when out/renderer is missing or older than its
// sources, so `npm run serve` works on a fresh clone without a separate build step.
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { isStale } from './freshness.mjs';
import { fileURLToPath } from 'node:url';

// fileURLToPath, not .pathname: a checkout under a path with a space (x%20y) must stay itself.
const root = fileURLToPath(new URL('../../..', import.meta.url));

if (isStale([join(root, 'out/renderer/index.html')], [join(root, 'renderer'), join(root, 'shared')])) {
  // One line while it builds, as `npm start` says (start/quiet-build.ts): Vite's and npm's own
  // lines (progress, chunk sizes, warnings) are kept and shown, in full, only when it fails.
  process.stderr.write('Building the UI…\n');
  const build = spawnSync('npm', ['run', 'build:renderer', '--silent'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (build.status !== 0) {
    const why = build.error ? build.error.message : build.signal ? `stopped by ${build.signal}` : `exit status ${build.status}`;
    process.stderr.write(`${build.stdout ?? ''}${build.stderr ?? ''}\nThe UI build failed (${why}).\n`);
    process.exit(1);
  }
}
