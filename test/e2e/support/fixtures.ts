import { test as base } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { startServe, type ServeProcess } from './serve-process';

interface WorkerFixtures {
  /** This worker's own Hooklab (browser host), started once per worker. */
  hooklab: ServeProcess;
}
interface TestFixtures {
  /** The app opened in the page and ready (first status arrived). */
  app: AppShell;
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
  app: async ({ page, hooklab }, use) => {
    const app = new AppShell(page, hooklab);
    await app.open();
    await use(app);
  },
});

export { expect } from '@playwright/test';
