import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { guardRealHome } from '../../support/home-guard';
import { failOnLeftovers, markTestRun } from '../../support/leftover-processes';

/** Playwright's own workers and the browsers it launches and closes are not leftovers of a test. */
const isRunner = (commandLine: string): boolean => /[\\/]playwright(-core)?[\\/]|chrom(e|ium)/.test(commandLine);

/**
 * Builds the renderer once before any worker starts a host (skipped when it is up to date),
 * gives the run a temporary HOME (test/support/home-guard.ts) and marks it; after the last test
 * fails it when a `serve` (or anything else a test started) is still running, or a test touched
 * the real home's Hooklab folder.
 */
export default function globalSetup(): () => Promise<void> {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  execFileSync(process.execPath, ['electron/hosts/build/ensure-renderer.mjs'], { cwd: root, stdio: 'inherit' });
  const home = guardRealHome();
  const marker = markTestRun();
  return async () => {
    await failOnLeftovers(marker, process.pid, isRunner);
    home.check();
  };
}
