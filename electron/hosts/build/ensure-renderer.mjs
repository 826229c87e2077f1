// Builds the renderer for the browser host when out/renderer is missing or older than its
// sources, so `npm run serve` works on a fresh clone without a separate build step.
import { join } from 'node:path';
import { execSync } from 'node:child_process';
import { isStale } from './freshness.mjs';
import { fileURLToPath } from 'node:url';

// fileURLToPath, not .pathname: a checkout under a path with a space (x%20y) must stay itself.
const root = fileURLToPath(new URL('../../..', import.meta.url));

if (isStale([join(root, 'out/renderer/index.html')], [join(root, 'renderer'), join(root, 'shared')])) {
  process.stderr.write('Building the Hooklab UI (out/renderer)...\n');
  execSync('npm run build:renderer --silent', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}
