import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Builds the renderer once before any worker starts a host (skipped when it is up to date). */
export default function globalSetup(): void {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  execFileSync(process.execPath, ['electron/cli/ensure-renderer.mjs'], { cwd: root, stdio: 'inherit' });
}
