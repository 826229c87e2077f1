import { defineConfig } from '@playwright/test';
import { chromiumExecutable } from './test/support/chromium-path';

/**
 * E2E tests drive the real UI in Chromium through the browser host. Each worker starts its own
 * `serve` (fresh temp data dir, free ports), so workers never share state: see
 * test/e2e/support/fixtures.ts. The UI is built once in global setup when it is stale.
 */
export default defineConfig({
  testDir: 'test/e2e',
  globalSetup: './test/e2e/support/global-setup.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    trace: 'retain-on-failure',
  },
});
