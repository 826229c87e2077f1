import { configDefaults, defineConfig } from 'vitest/config';

const LEFTOVER_CHECK = 'test/support/vitest-global-setup.ts';
const ELECTRON_HOST = 'test/integration/electron/hosts/desktop/**/*.test.ts';
const RENDERER = ['test/unit/renderer/**/*.test.ts', 'test/integration/renderer/**/*.test.ts'];

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
          exclude: [...configDefaults.exclude, ELECTRON_HOST, ...RENDERER],
        },
      },
      {
        // The renderer's pure parts (store logic, URL state, lib), typechecked with the web
        // tsconfig (tsconfig.renderer-tests.json extends tsconfig.web.json: DOM types, no Node in
        // renderer/src). They run in Node: what they test must not need a page.
        extends: true,
        test: {
          name: 'renderer',
          include: RENDERER,
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
