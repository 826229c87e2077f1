import { configDefaults, defineConfig } from 'vitest/config';

const LEFTOVER_CHECK = 'test/support/vitest-global-setup.ts';
const ELECTRON_HOST = 'test/integration/electron/hosts/desktop/**/*.test.ts';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Fails the run when a test leaves a process behind (test/support/leftover-processes.ts).
    globalSetup: [LEFTOVER_CHECK],
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ELECTRON_HOST],
        },
      },
      {
        // The built Electron host under the recorded stand-in; builds out/ first when stale.
        extends: true,
        test: {
          name: 'electron-host',
          include: [ELECTRON_HOST],
          globalSetup: [LEFTOVER_CHECK, 'test/integration/electron/hosts/desktop/global-setup.ts'],
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
