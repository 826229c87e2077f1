import { readFileSync } from 'node:fs';
import { test, expect } from './support/fixtures';
import { callApi } from './support/api';
import { screenshotBothThemes } from './support/themes';
import { LivePage } from './pages/live-page';
import { SequencesPage } from './pages/sequences-page';

/** The sandbox's default buyer (electron/emulator/orders.ts): what a redacted test must not hold. */
const BUYER = ['Comprador Sandbox', '+50370000000', 'comprador@example.com'];

test("Sequences' order makes a regression test: the file is downloaded and the command that runs it is shown", async ({ app, page }) => {
  const { orderId } = await callApi<{ orderId: string }>(app.server, 'sandbox.runScenario', { name: 'shipping-delivered' });
  await app.goto('sequences');
  const sequences = new SequencesPage(page);
  await expect(sequences.row(orderId)).toBeVisible();
  await sequences.openOrder(orderId);
  await expect(page.getByTestId('state-shipping')).toContainText('DELIVERED');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sequences-make-regression-test').click()]);
  expect(download.suggestedFilename()).toBe(`order-${orderId}.regression.test.ts`);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text).toContain("import { replayRecordedOrder } from 'hooklab/testing';");
  // No --expect: the states Sequences shows.
  expect(text).toContain('status: "PAID", payment: "paid", shipping: "DELIVERED"');
  expect(text.match(/^ {4}\{ type: /gm)).toHaveLength(7);

  const saved = page.getByTestId('sequences-regression-saved');
  await expect(saved).toContainText(`Saved order-${orderId}.regression.test.ts`);
  await expect(page.getByTestId('sequences-regression-command')).toHaveText(
    `HOOKLAB_HANDLER_URL=http://localhost:3000/webhooks HOOKLAB_WEBHOOK_KEY=your-webhook-key npx vitest run order-${orderId}.regression.test.ts`,
  );
  await screenshotBothThemes(page, 'sequences-regression-test', page);
});

test("Live's detail makes a regression test of the delivery's order, for Jest and redacted", async ({ app, page }) => {
  const { orderId } = await callApi<{ orderId: string }>(app.server, 'sandbox.runScenario', { name: 'payment-link-paid' });
  await app.goto('live');
  const live = new LivePage(page);
  await live.search(orderId);
  await live.open(/SuccessPayment/);

  await page.getByTestId('live-regression-framework').selectOption('jest');
  await page.getByTestId('live-regression-redact').check();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('live-make-regression-test').click()]);
  expect(download.suggestedFilename()).toBe(`order-${orderId}.regression.test.mjs`);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text).toContain("import { expect, test } from '@jest/globals';");
  expect(text).toContain('redacted: true,');
  for (const value of BUYER) expect(text).not.toContain(value);
  await expect(page.getByTestId('live-regression-command')).toContainText(`NODE_OPTIONS=--experimental-vm-modules npx jest order-${orderId}.regression.test.mjs`);
  await screenshotBothThemes(page, 'live-regression-test', page);
});
