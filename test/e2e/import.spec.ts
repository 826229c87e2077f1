import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { SequencesPage } from './pages/sequences-page';
import { screenshotBothThemes } from './support/themes';

const THROWAWAY = 'e2e-bundle-throwaway-key';
const sign = (body: string) => createHmac('sha256', THROWAWAY).update(body).digest('base64');

/** A bundle of one order (docs/share.md): shipping moves, one step skipped, one unsigned copy. */
function bundle(orderId: string): string {
  const steps: Array<[string, string, boolean]> = [
    ['PENDING', 'ACCEPTED', true],
    ['ACCEPTED', 'READY', true],
    ['READY', 'DELIVERED', true],
    ['READY', 'DELIVERED', false],
  ];
  const base = 930_000 + Math.floor(Math.random() * 50_000);
  const deliveries = steps.map(([from, to, signed], i) => {
    const body = JSON.stringify({ orderId, orderReference: null, orderType: 'FULL', description: `${from} -> ${to}`, level: 'Info', type: 'Updated', metadata: { PreviousStatus: from, NewStatus: to } });
    const headers: Array<[string, string]> = [
      ['Content-Type', 'application/json'],
      ['X-Svc-Event-Id', String(base + Math.min(i, 2))],
      ['X-Svc-Event-Created', new Date(Date.UTC(2026, 2, 1, 9, Math.min(i, 2))).toISOString()],
    ];
    if (signed) headers.push(['X-Svc-Hmac-Sha256', sign(body)]);
    return { deliveryId: i + 1, receivedAt: new Date(Date.UTC(2026, 2, 1, 9, i)).toISOString(), method: 'POST', url: 'https://abc.loca.lt/webhooks', headers, bodyBase64: Buffer.from(body).toString('base64'), signature: signed ? 'valid' : 'missing' };
  });
  // What the sender's handler answered to the first delivery (the bundle's forwards section).
  const forwards = [{ deliveryId: 1, results: [{ target: 'http://localhost:3000/webhooks', status: 500, headers: [['content-type', 'text/plain']], body: 'cannot accept: order not found', latencyMs: 8, error: null, traceId: null }] }];
  // What the sender's service logged for the first event: a 500, then delivered on its retry.
  const history = [500, 200].map((status, i) => ({
    id: 70_000 + base + i,
    eventId: base,
    eventType: 'Updated',
    eventCreated: new Date(Date.UTC(2026, 2, 1, 9, 0)).toISOString(),
    url: 'https://abc.loca.lt/webhooks',
    payload: Buffer.from(deliveries[0]!.bodyBase64, 'base64').toString('utf8'),
    responseStatusCode: status,
    delivered: status === 200,
    created: new Date(Date.UTC(2026, 2, 1, 9, 0, i * 30)).toISOString(),
  }));
  return JSON.stringify({ format: 'hooklab-bundle', version: 1, note: 'Shipping skipped DISPATCHED and ON_ITS_WAY.', createdAt: new Date().toISOString(), signingKey: THROWAWAY, redacted: true, deliveries, history, sequences: [], forwards, traces: [] });
}

/** Drops a file onto the window as a user drags it from their file manager. */
async function dropFile(page: Page, name: string, text: string): Promise<void> {
  // Built in the page (a DataTransfer exists only there), holding the file as a drag from the desktop does.
  const dataTransfer = await page.evaluateHandle(
    `(() => { const dt = new DataTransfer(); dt.items.add(new File([${JSON.stringify(text)}], ${JSON.stringify(name)}, { type: 'application/json' })); return dt; })()`,
  );
  await page.dispatchEvent('main', 'dragenter', { dataTransfer });
  await expect(page.getByTestId('import-drop')).toBeVisible();
  await page.dispatchEvent('main', 'drop', { dataTransfer });
}

test('a bundle dropped onto the window is imported, marked, and its order opens in Sequences', async ({ app, page }) => {
  const orderId = `e2e-bundle-${Date.now()}`;
  const fileName = `order-${orderId}.hooklab`;
  await app.goto('history');
  await dropFile(page, fileName, bundle(orderId));

  const result = page.getByTestId('import-result');
  await expect(result).toContainText(`Imported 4 requests from ${fileName} (bundle: 3 valid, 1 missing)`);
  await expect(result).toContainText('Shipping skipped DISPATCHED and ON_ITS_WAY.');
  // The first imported request is open in Live, marked with its file.
  await expect(page.getByTestId('page-live')).toBeVisible();
  await expect(page.getByTestId('imported-from')).toContainText(`Imported from ${fileName}`);
  await expect(page.getByTestId('verification-key')).toHaveText("the bundle's own key (signingKey)");
  // What the sender's handler answered travelled with the bundle.
  await expect(page.getByTestId('forwards-title')).toHaveText("What the sender's handler answered");
  await expect(page.getByTestId('forward-result')).toContainText('cannot accept: order not found');
  await expect(page.getByTestId('forward-result')).toContainText('500');
  await screenshotBothThemes(page, 'import-live-forwards', page.locator('section.live-detail__section', { has: page.getByTestId('forwards-title') }));
  // What the sender's service logged for its event travelled too, shown beside it (never in History).
  const sentHistory = page.getByTestId('imported-history');
  await expect(sentHistory.getByTestId('imported-history-row')).toHaveCount(2);
  await expect(sentHistory).toContainText(`From ${fileName}: 2 attempts, delivered.`);
  await expect(sentHistory.getByTestId('imported-history-row').first()).toContainText('500');
  await expect(page.getByTestId('link-history-missing')).toContainText('is not in your history copy: it came in a file');
  // Live's count includes them (other specs may have left deliveries in this worker's app).
  await expect(page.getByTestId('live-count')).not.toHaveText(/^0 deliveries/);
  const table = page.getByTestId('live-table');
  await expect(table.getByTestId('flag-imported')).toHaveCount(4);
  await expect(table.getByTestId('flag-imported').first()).toHaveAttribute('title', `imported from ${fileName}: never received by this listener`);
  await screenshotBothThemes(page, 'import-live', page);

  await page.getByTestId('import-dismiss').click();
  await expect(page.getByTestId('import-result')).toHaveCount(0);
  await screenshotBothThemes(page, 'import-live-history', page.getByTestId('imported-history'));
  await app.goto('sequences');
  const sequences = new SequencesPage(page);
  await sequences.openOrder(orderId);
  await expect(page.getByTestId('state-shipping')).toContainText('DELIVERED');
  await expect(sequences.flag('skipped-step')).toBeVisible();
  // Every event came from the file: each is marked with the same badge as Live's Flags column.
  await expect(page.getByTestId('order-imported')).toContainText(`Every event of this order came from ${fileName}`);
  const rows = page.getByTestId('timeline-row');
  const marks = rows.getByTestId('event-imported');
  await expect(marks).toHaveCount(await rows.count());
  expect(await rows.count()).toBeGreaterThanOrEqual(3);
  await expect(marks.first()).toHaveAttribute('title', `imported from ${fileName}: never received by this listener`);
  await expect(marks.first()).toHaveClass(/badge--neutral/);
  await screenshotBothThemes(page, 'import-sequences', page);
  await screenshotBothThemes(page, 'import-sequences-timeline', page.getByTestId('sequence-timeline'));
});

test('a broken file dropped onto the window is refused in one line, nothing imported', async ({ app, page }) => {
  await app.goto('live');
  const before = await page.getByTestId('live-count').textContent();
  expect(before).toMatch(/deliveries/);
  await dropFile(page, 'cut.har', '{"log":{"entries":[{"request":');
  await expect(page.getByTestId('import-result')).toContainText('cut.har: not valid JSON, broken or cut short');
  await expect(page.getByTestId('live-count')).toHaveText(before!);
  await screenshotBothThemes(page, 'import-refused', page.getByTestId('import-result'));
});
