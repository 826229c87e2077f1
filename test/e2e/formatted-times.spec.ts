import { test, expect } from './support/fixtures';
import { HistoryPage } from './pages/history-page';

// Times on the page are in the one format (lib/format): never the raw ISO instant, which
// stays on hover.
const ISO = /\d{4}-\d\d-\d\dT\d\d:\d\d/;

test('reconciliation: a missed window says when, in the one time format (the ISO instant on hover)', async ({ app, page }) => {
  // Deliveries the service logged that Hooklab no longer has: Clear removes them from Live.
  for (const orderId of ['e2e-missed-1', 'e2e-missed-2']) {
    await app.api('sandbox.sendEvent', { event: { orderId, orderReference: null, orderType: 'FULL', description: 'e2e', level: 'Info', type: 'Created', metadata: null } });
  }
  await app.api('live.clear', {});
  await app.goto('history');
  const history = new HistoryPage(page);
  await history.pollNow();
  await history.tab('reconcile');
  await page.getByTestId('reconcile-run').click();
  const from = page.getByTestId('missed-windows').locator('tbody tr').first().locator('td').first();
  await expect(from).toBeVisible();
  expect(await from.textContent()).not.toMatch(ISO);
  await expect(from.locator('time')).toHaveAttribute('title', ISO);
});
