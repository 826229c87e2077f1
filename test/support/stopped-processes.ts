import { afterEach, expect } from 'vitest';
import { processExists, type ServerProcess } from './server-process';

/**
 * A list the test pushes the processes it starts to: after each test every one is stopped with
 * SIGTERM (so it releases its data folder) and its whole process group must be gone.
 */
export function processesStoppedAfterEach(): ServerProcess[] {
  const processes: ServerProcess[] = [];
  afterEach(async () => {
    for (const p of processes.splice(0)) {
      await p.killGroup('SIGTERM');
      expect(processExists(-p.pid)).toBe(false);
    }
  });
  return processes;
}
