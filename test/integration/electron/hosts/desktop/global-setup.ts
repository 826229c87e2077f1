import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The harness tests the built desktop app, so it is (re)built first when missing or older than
 * its sources. Runs once, before any test file, and only when harness tests are selected: no
 * test elsewhere sees out/ rebuilt under it.
 */
export default function globalSetup(): void {
  const root = fileURLToPath(new URL('../../../../..', import.meta.url));
  execFileSync(process.execPath, ['electron/hosts/cli/ensure-desktop-build.mjs'], {
    cwd: root,
    stdio: 'inherit',
  });
}
