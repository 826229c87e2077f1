import { failOnLeftovers, markTestRun } from './leftover-processes';

/** vitest's own processes (forks-pool workers, its watchdog) are not leftovers of a test. */
const isVitestWorker = (commandLine: string): boolean =>
  commandLine === 'vitest-watchdog' || /[\\/]vitest[\\/]dist[\\/]/.test(commandLine);

/**
 * Marks the run before any worker starts, and after the last test fails the run when a test
 * left a process behind (a server it started and never stopped, or stopped only its wrapper).
 */
export default function setup(): () => Promise<void> {
  const marker = markTestRun();
  return () => failOnLeftovers(marker, process.pid, isVitestWorker);
}
