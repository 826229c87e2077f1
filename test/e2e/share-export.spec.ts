import { readFileSync } from 'node:fs';
import { test, expect } from './support/fixtures';
import { screenshotBothThemes } from './support/themes';
import { callApi } from './support/api';
import { SequencesPage } from './pages/sequences-page';

const BUYER = { name: 'Lucía Fernández', email: 'lucia.fernandez@correo.test' };

const event = (orderId: string, type: string) => ({
  event: {
    orderId,
    orderReference: null,
    orderType: 'FULL',
    description: 'e2e share',
    level: 'Info',
    type,
    metadata: type === 'SuccessPayment' ? { BuyerName: BUYER.name, BuyerEmail: BUYER.email, BuyerPhone: '+50670001111' } : null,
  },
});

test('Live → Export selected → HAR, then Share… a bundle of the selection with a note (redacted)', async ({ app, page }) => {
  const orderId = `e2e-share-${Date.now()}`;
  await app.api('sandbox.sendEvent', event(orderId, 'Created'));
  await app.api('sandbox.sendEvent', event(orderId, 'SuccessPayment'));
  await app.goto('live');
  await page.getByTestId('live-search').fill(orderId);
  const rows = page.getByTestId('live-table').getByTestId('data-row');
  await expect(rows).toHaveCount(2);
  for (const box of await rows.getByRole('checkbox').all()) await box.check();

  // The menu, looked at in both themes.
  await page.getByTestId('live-selected-menu').click();
  const menu = page.getByTestId('live-selected-menu-menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Replay selected (2)…', 'Export as NDJSON (Hooklab lines)', 'Export as HAR 1.2', 'Share… (bundle to hand over)']);
  await screenshotBothThemes(page, 'live-export-selected-menu', page);

  const harDownload = page.waitForEvent('download');
  await menu.getByTestId('export-selected-har').click();
  const har = JSON.parse(readFileSync((await (await harDownload).path())!, 'utf8')) as { log: { version: string; entries: Array<{ _hooklab: { orderId: string; eventType: string; signature: string } }> } };
  expect(har.log.version).toBe('1.2');
  expect(har.log.entries.map((e) => [e._hooklab.orderId, e._hooklab.eventType, e._hooklab.signature])).toEqual([
    [orderId, 'Created', 'valid'],
    [orderId, 'SuccessPayment', 'valid'],
  ]);
  await expect(page.getByTestId('live-har-job').getByTestId('job-progress')).toHaveAttribute('data-state', 'done');

  await page.getByTestId('export-all').click();
  await expect(page.getByTestId('export-all-menu').getByRole('menuitem')).toHaveText(['NDJSON (Hooklab lines)', 'HAR 1.2']);
  await screenshotBothThemes(page, 'live-export-all-menu', page);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('export-all-menu')).toHaveCount(0);

  await page.getByTestId('live-selected-menu').click();
  await page.getByTestId('export-selected-share').click();
  const dialog = page.getByTestId('live-share-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('live-share-note').fill('Paid twice? See the SuccessPayment.');
  await expect(dialog.getByTestId('live-share-redact')).toBeChecked();
  await screenshotBothThemes(page, 'live-share-dialog', dialog);
  await dialog.getByTestId('live-share-redact').uncheck();
  await expect(dialog.getByTestId('live-share-unredacted')).toBeVisible();
  await screenshotBothThemes(page, 'live-share-dialog-unredacted', dialog);
  await dialog.getByTestId('live-share-redact').check();

  const bundleDownload = page.waitForEvent('download');
  await dialog.getByTestId('live-share-save').click();
  const download = await bundleDownload;
  expect(download.suggestedFilename()).toMatch(/^hooklab-.*\.hooklab$/);
  const text = readFileSync((await download.path())!, 'utf8');
  const bundle = JSON.parse(text) as { format: string; note: string; redacted: boolean; deliveries: Array<{ eventType: string }> };
  expect(bundle).toMatchObject({ format: 'hooklab-bundle', version: 1, note: 'Paid twice? See the SuccessPayment.', redacted: true });
  expect(bundle.deliveries.map((d) => d.eventType)).toEqual(['Created', 'SuccessPayment']);
  expect(text).not.toContain(BUYER.email);
  // No key, token or secret of the sender: the sandbox store's credentials (its webhook key signed
  // these deliveries) and the data folder's access token.
  const revealed = await app.api<{ clientSecret: string; secretKey: string; webhookKey: string }>('sandbox.revealCredentials', {});
  const secrets = [revealed.clientSecret, revealed.secretKey, revealed.webhookKey, app.token].filter((v) => v.length >= 8);
  expect(secrets.length).toBe(4);
  for (const secret of secrets) expect(text).not.toContain(secret);
  await expect(dialog.getByTestId('live-share-job-saved')).toContainText('.hooklab');
  await screenshotBothThemes(page, 'live-share-dialog-saved', dialog);
  await dialog.getByTestId('live-share-cancel').click();
  await expect(dialog).toHaveCount(0);
});

test('Sequences → an order → Share… writes the order as a bundle', async ({ app, page }) => {
  const { orderId } = await callApi<{ orderId: string }>(app.server, 'sandbox.runScenario', { name: 'shipping-delivered' });
  await app.goto('sequences');
  const sequences = new SequencesPage(page);
  await expect(sequences.row(orderId)).toBeVisible();
  await sequences.openOrder(orderId);
  await screenshotBothThemes(page, 'sequences-order-share-button', page.getByTestId('sequence-order'));
  await page.getByTestId('sequences-share').click();
  const dialog = page.getByTestId('sequences-share-dialog');
  await expect(dialog).toContainText(`Share order ${orderId}`);
  await screenshotBothThemes(page, 'sequences-share-dialog', page);
  const bundleDownload = page.waitForEvent('download');
  await dialog.getByTestId('sequences-share-save').click();
  const bundle = JSON.parse(readFileSync((await (await bundleDownload).path())!, 'utf8')) as { sequences: Array<{ orderId: string; detail: { summary: { status: string; shipping: string } } }> };
  expect(bundle.sequences.map((s) => s.orderId)).toEqual([orderId]);
  expect(bundle.sequences[0]!.detail.summary).toMatchObject({ status: 'PAID', shipping: 'DELIVERED' });
});
