// Builds the renderer for the browser host when out/renderer is missing or older than its
// sources, so `npm run serve` works on a fresh clone without a separate build step.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { execSync } from 'node:child_process';

const root = new URL('../..', import.meta.url).pathname;
const built = join(root, 'out/renderer/index.html');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const sources = Math.max(newest(join(root, 'renderer')), newest(join(root, 'shared')));
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  process.stderr.write('Building the Hooklab UI (out/renderer)...\n');
  execSync('npm run build:renderer --silent', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}
