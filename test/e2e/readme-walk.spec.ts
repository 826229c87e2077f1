import { test, expect, type Page } from '@playwright/test';
import { startHandler, type TestHandler } from '../fixtures/handlers';
import { AppShell } from './pages/app-shell';
import { startServe, type ServeProcess } from './support/serve-process';

// README's "The first five minutes", step by step, on a fresh data folder as a newcomer has it,
// with the words README uses (roles and visible names, not test ids): if the walk and the app
// drift apart, this fails.

let serve: ServeProcess | null = null;
let handler: TestHandler | null = null;
test.afterEach(async () => {
  await handler?.close();
  await serve?.stop();
  handler = null;
  serve = null;
});

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

test("README's first five minutes is what a newcomer sees", async ({ page }) => {
  test.setTimeout(90_000);
  serve = await startServe(['--sandbox-port', '0']);
  const app = new AppShell(page, serve);

  // 1. Start: the status bar shows the Sandbox badge, the listener's port and the sandbox's state.
  await app.open();
  await expect(app.statusPart('environment')).toContainText('Sandbox');
  await expect(app.statusPart('listener')).toContainText(/\d{2,5}/);
  await expect(app.statusState('sandbox')).toBeVisible();

  // 2. The Sandbox area, Scenarios, `3ds-success`: the result card lists its two deliveries
  // and the listener's answer to each.
  await page.getByRole('navigation').getByRole('link', { name: 'Sandbox' }).click();
  const scenarios = page.locator('.card', { has: page.getByRole('heading', { name: 'Scenarios' }) });
  await scenarios.getByRole('button', { name: '3ds-success' }).click();
  const result = page.getByTestId('sandbox-result');
  await expect(result).toHaveAttribute('data-state', 'done');
  const sent = result.getByTestId('sandbox-result-row');
  await expect(sent).toHaveCount(2);
  await expect(sent.nth(0)).toContainText('ThreeDSecureAuthSucceeded');
  await expect(sent.nth(1)).toContainText('SuccessPayment');
  for (const row of await sent.all()) await expect(row).toContainText('200');

  // The key your handler verifies with: "Reveal secrets" on the Sandbox page.
  await button(page, 'Reveal secrets').click();
  const key = (await page.getByTestId('sandbox-webhookKey').textContent())?.trim() ?? '';
  expect(key.length).toBeGreaterThan(10);
  handler = await startHandler('correct', { key });

  // 3. Live: both deliveries, newest first, signature valid (the sandbox's key was registered as
  // "Sandbox store key"); the SuccessPayment detail has headers, the body, the check and links.
  await page.getByRole('navigation').getByRole('link', { name: 'Live' }).click();
  const rows = page.getByTestId('area-live').getByTestId('data-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('SuccessPayment');
  await expect(rows.nth(1)).toContainText('ThreeDSecureAuthSucceeded');
  for (const row of await rows.all()) await expect(row).toContainText('valid');
  await rows.nth(0).click();
  const detail = page.getByTestId('delivery-detail');
  await expect(detail.getByRole('heading', { name: 'Signature' })).toBeVisible();
  await expect(detail.getByTestId('verification-outcome')).toHaveText('valid');
  await expect(detail.getByTestId('verification-key')).toContainText('Sandbox store key');
  await expect(detail.getByRole('heading', { name: 'Headers' })).toBeVisible();
  await expect(detail.getByTestId('detail-body')).toContainText('SuccessPayment');
  await expect(detail.getByRole('link', { name: /History/ }).first()).toBeVisible();
  await expect(detail.getByRole('link', { name: /sequence/i }).first()).toBeVisible();

  // 4. Open in Replay: the body as received, re-signed; a new target for the handler; Send.
  await detail.getByRole('link', { name: 'Open in Replay' }).click();
  const editor = page.getByTestId('replay-body-editor');
  await expect(editor).toHaveAttribute('data-ready', 'true');
  await expect(editor).toContainText('SuccessPayment');
  await button(page, 'New target…').click();
  await page.getByLabel('Target URL').fill(handler.url);
  await button(page, 'Add target').click();
  await expect(page.getByTestId('replay-target')).toHaveValue(handler.url);
  await button(page, 'Send').click();
  await expect(page.getByTestId('replay-last-sent')).toContainText('200');
  expect(handler.received.at(-1)?.status).toBe(200);
  await page.getByRole('tab', { name: /^Replay history/ }).click();
  await expect(page.getByTestId('replay-history-table').getByTestId('data-row')).toHaveCount(1);

  // 5. The Handler check tab, the same URL, "Run the check": every check passes with evidence.
  await page.getByRole('tab', { name: 'Handler check' }).click();
  await expect(page.getByLabel('Handler URL')).toHaveValue(handler.url);
  await button(page, 'Run the check').click();
  await expect(page.getByTestId('check-summary')).toHaveAttribute('data-passed', 'true', { timeout: 30_000 });
});
