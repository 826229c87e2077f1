import { configDefaults, defineConfig } from 'vitest/config';

const ELECTRON_HOST = 'test/integration/electron-host/**/*.test.ts';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
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
          globalSetup: ['test/integration/electron-host/global-setup.ts'],
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
