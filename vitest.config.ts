import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Fails the run when a test leaves a process behind (test/support/leftover-processes.ts).
    globalSetup: ['test/support/vitest-global-setup.ts'],
  },
});
