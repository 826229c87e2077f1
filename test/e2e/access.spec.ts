import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from './support/fixtures';
import { startServe } from './support/serve-process';

test('a tab with a wrong token shows only the no-access message, not an empty area beside it', async ({ page, hooklab }) => {
  await page.goto(`${hooklab.url}/#token=${'x'.repeat(32)}&/live`);
  const noAccess = page.getByTestId('no-access');
  await expect(noAccess).toContainText(/^No access\s*This tab’s access token is not valid \(rotated, or another data folder’s\): open the address Hooklab printed at start/);
  await expect(page.getByTestId('page-live')).toHaveCount(0);
  await expect(page.getByText('No deliveries yet')).toHaveCount(0);
});

test('the address survives a restart, and rotating the token in Settings shuts out the open tabs', async ({ browser }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hooklab-e2e-access-'));
  const context = await browser.newContext();
  let serve = await startServe([], { dataDir });
  try {
    const port = new URL(serve.url).port;
    await serve.stop();
    // The same port and the same data folder: the bookmarked address must open the app again.
    serve = await startServe(['--ui-port', port], { dataDir });
    const second = await startServe([], { dataDir }).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(second).toContain(`The data folder ${dataDir} is in use by another Hooklab (serve`);
    const bookmarked = serve.openUrl;

    const live = await context.newPage();
    await live.goto(`${bookmarked}&/live`);
    await expect(live.getByTestId('status-listener-state')).toHaveText('listening');
    await expect(live.getByTestId('page-live')).toBeVisible();

    const settings = await context.newPage();
    await settings.goto(`${bookmarked}&/settings/access`);
    const access = settings.getByTestId('settings-access');
    await expect(access).toContainText(`${dataDir}/host-token`);
    await access.getByTestId('rotate-token').click();
    await expect(access.getByTestId('rotate-token-warning')).toContainText('Every open tab, this one included, loses access');
    await access.getByTestId('rotate-token-confirm').click();

    // The other tab learns it at once (its event socket is closed), without a reload or a click.
    await expect(live.getByTestId('no-access')).toContainText('This tab’s access token is not valid');
    await expect(live.getByTestId('page-live')).toHaveCount(0);
    await expect(settings.getByTestId('no-access')).toBeVisible();

    // The new address is the one serve printed; it works.
    const fresh = await context.newPage();
    await expect.poll(() => /Access token rotated: Hooklab is now at (\S+)/.exec(serve.output())?.[1]).toBeTruthy();
    const rotated = /Access token rotated: Hooklab is now at (\S+)/.exec(serve.output())![1]!;
    expect(rotated).not.toBe(bookmarked);
    await fresh.goto(`${rotated}&/live`);
    await expect(fresh.getByTestId('status-listener-state')).toHaveText('listening');
    await expect(fresh.getByTestId('page-live')).toBeVisible();
  } finally {
    await context.close();
    await serve.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
