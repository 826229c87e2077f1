import { guardRealHome } from './home-guard';
import { failOnLeftovers, markTestRun } from './leftover-processes';

/** vitest's own processes (forks-pool workers, its watchdog) are not leftovers of a test. */
const isVitestWorker = (commandLine: string): boolean =>
  commandLine === 'vitest-watchdog' || /[\\/]vitest[\\/]dist[\\/]/.test(commandLine);

/**
 * Before any worker starts: gives the run a temporary HOME (test/support/home-guard.ts) and
 * marks it. After the last test: fails the run when a test left a process behind (a server it
 * started and never stopped, or stopped only its wrapper), or touched the real home's Hooklab.
 */
export default function setup(): () => Promise<void> {
  const home = guardRealHome();
  const marker = markTestRun();
  return async () => {
    await failOnLeftovers(marker, process.pid, isVitestWorker);
    home.check();
  };
}
