import { test as base } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { startServe, type ServeProcess } from './serve-process';
import { ConsoleErrors } from './console-errors';
import { callApi } from './api';
import type { Settings } from '../../../shared/settings';

interface WorkerFixtures {
  /** This worker's own Hooklab (browser host), started once per worker; tests use `hooklab`. */
  workerHooklab: ServeProcess;
}
interface TestFixtures {
  /**
   * The worker's Hooklab, put back as it was after the test: the keys (which one is current)
   * and every settings section the test changed. So no test depends on the ones before it.
   */
  hooklab: ServeProcess;
  /** The app opened in the page and ready (first status arrived). */
  app: AppShell;
  /** Every console error, page error and failed request of the page (attached before `app` opens it). */
  consoleErrors: ConsoleErrors;
  /** With `test.use({ failOnConsoleError: true })` a test fails when the page reported any error. */
  failOnConsoleError: boolean;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  workerHooklab: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const serve = await startServe();
      await use(serve);
      await serve.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  hooklab: async ({ workerHooklab: serve }, use) => {
    const before = await settingsOf(serve);
    await use(serve);
    await restoreSettings(serve, before);
  },
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

const settingsOf = async (serve: ServeProcess) => (await callApi<{ settings: Settings }>(serve, 'settings.get')).settings;

/**
 * Keys the test added are removed (their secrets too), then each settings section that differs
 * is saved back whole (a section patch replaces its fields, so this restores it exactly).
 */
async function restoreSettings(serve: ServeProcess, before: Settings): Promise<void> {
  const after = await settingsOf(serve);
  const kept = new Set(before.listener.keys.map((k) => k.id));
  for (const key of after.listener.keys) if (!kept.has(key.id)) await callApi(serve, 'live.removeKey', { id: key.id });
  const now = await settingsOf(serve);
  const changed = (Object.keys(before) as Array<keyof Settings>).filter((section) => JSON.stringify(before[section]) !== JSON.stringify(now[section]));
  if (changed.length > 0) await callApi(serve, 'settings.update', Object.fromEntries(changed.map((section) => [section, before[section]])));
}

export { expect } from '@playwright/test';
