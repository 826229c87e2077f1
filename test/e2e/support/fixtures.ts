import { test as base } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { startServe, type ServeProcess } from './serve-process';
import { ConsoleErrors } from './console-errors';

interface WorkerFixtures {
  /** This worker's own Hooklab (browser host), started once per worker. */
  hooklab: ServeProcess;
}
interface TestFixtures {
  /** The app opened in the page and ready (first status arrived). */
  app: AppShell;
  /** Every console error, page error and failed request of the page (attached before `app` opens it). */
  consoleErrors: ConsoleErrors;
  /** With `test.use({ failOnConsoleError: true })` a test fails when the page reported any error. */
  failOnConsoleError: boolean;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  hooklab: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const serve = await startServe();
      await use(serve);
      await serve.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  failOnConsoleError: [false, { option: true }],
  consoleErrors: [
    async ({ page, failOnConsoleError }, use, testInfo) => {
      const errors = new ConsoleErrors(page);
      await use(errors);
      if (failOnConsoleError && testInfo.status === testInfo.expectedStatus && errors.problems.length > 0) {
        throw new Error(`the page reported errors:\n${errors.toString()}`);
      }
    },
    { auto: true },
  ],
  app: async ({ page, hooklab, consoleErrors: _collecting }, use) => {
    const app = new AppShell(page, hooklab);
    await app.open();
    await use(app);
  },
});

export { expect } from '@playwright/test';
