import { test, expect } from './support/fixtures';
import type { Area } from './pages/app-shell';

const AREAS: Area[] = ['live', 'history', 'replay', 'sequences', 'sandbox', 'settings'];

test('loads through the browser host with no CSP violation and shows the host status', async ({ page, hooklab }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  await page.goto(hooklab.openUrl);
  await expect(page.locator('body[data-app-ready="true"]')).toBeAttached();
  // The token left the address bar for sessionStorage, and no cookie carries it.
  expect(page.url()).not.toContain('token=');
  expect(await page.context().cookies()).toEqual([]);
  const token = new URL(hooklab.openUrl).hash.slice('#token='.length);
  expect(await page.evaluate(() => sessionStorage.getItem('hooklab.token'))).toBe(token);
  const bar = page.getByTestId('status-bar');
  await expect(bar.getByTestId('status-host')).toContainText('Browser');
  await expect(bar.getByTestId('status-environment')).toHaveText('Sandbox');
  await expect(bar.getByTestId('status-listener-state')).toHaveText('listening');
  await expect(bar.getByTestId('status-listener')).toContainText(/:\d+/);
  expect(violations).toEqual([]);
});

test('every area is reachable from the navigation', async ({ app, page }) => {
  for (const area of AREAS) {
    const main = await app.goto(area);
    await expect(page).toHaveURL(new RegExp(`#/${area}$`));
    await expect(page.getByTestId(`nav-${area}`)).toHaveAttribute('aria-current', 'page');
    await expect(main.locator('h1')).toBeVisible();
  }
});

test('the status bar follows status changes pushed by the host', async ({ app }) => {
  const env = app.statusPart('environment');
  await expect(env).toHaveText('Sandbox');
  // A change made by another client (here: a script with the same session) reaches this page
  // over the event socket, without reload.
  const call = (name: string, data: object) => app.call(name, data);
  expect((await call('settings.update', { environments: { active: 'staging' } })).ok()).toBe(true);
  await expect(env).toHaveText('Live: staging');
  await expect(env).toHaveAttribute('data-sandbox', 'false');
  expect((await call('settings.update', { environments: { active: 'sandbox' } })).ok()).toBe(true);
  await expect(env).toHaveText('Sandbox');
});

test('a route after the token opens that area, a reload keeps the session, and /?token= opens the app', async ({ page, hooklab }) => {
  await page.goto(`${hooklab.openUrl}&/settings`);
  await expect(page.locator('body[data-app-ready="true"]')).toBeAttached();
  await expect(page).toHaveURL(new RegExp(`^${hooklab.url}/#/settings$`));
  await expect(page.getByTestId('area-settings')).toBeVisible();
  // The browser host says its secrets file is not encrypted.
  await expect(page.getByTestId('secrets-warning')).toContainText('NOT encrypted');
  await page.reload();
  await expect(page.getByTestId('status-listener-state')).toHaveText('listening');

  const token = new URL(hooklab.openUrl).hash.slice('#token='.length);
  const fresh = await page.context().newPage();
  await fresh.goto(`${hooklab.url}/?token=${token}`);
  await expect(fresh.getByTestId('status-listener-state')).toHaveText('listening');
  expect(fresh.url()).toBe(`${hooklab.url}/`);
  expect(await page.context().cookies()).toEqual([]);
});

test('a tab opened without the token, or with one that is not the folder’s, says how to get in', async ({ browser, hooklab }) => {
  const context = await browser.newContext();
  try {
    // A deep link pasted into a new tab: this tab never saw the token.
    const bare = await context.newPage();
    await bare.goto(`${hooklab.url}/#/live/1`);
    await expect(bare.getByTestId('status-bar')).toContainText('No access: this tab has no access token: open the address Hooklab printed at start');

    // A tab holding a token that is no longer the folder's (rotated, or another folder's).
    const stale = await context.newPage();
    await stale.goto(`${hooklab.url}/#token=token-of-an-earlier-run&/live`);
    await expect(stale.getByTestId('status-bar')).toContainText('No access: this tab’s access token is not valid (rotated, or another data folder’s): open the address Hooklab printed at start');
  } finally {
    await context.close();
  }
});
