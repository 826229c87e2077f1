import { fileURLToPath } from 'node:url';
import { test, expect } from './support/fixtures';
import { SandboxPage } from './pages/sandbox-page';
import { LivePage } from './pages/live-page';
import { SequencesPage } from './pages/sequences-page';

// A test run writes the picture under test-results/ (ignored), so `npm test` leaves the checkout
// clean; HOOKLAB_UPDATE_SCREENSHOT=1 replaces the committed one the README shows.
const target = (name: string) =>
  fileURLToPath(new URL(process.env['HOOKLAB_UPDATE_SCREENSHOT'] === '1' ? `./screenshots/${name}` : `../../test-results/${name}`, import.meta.url));

// The README's screenshot: the real app through the browser host, after real scenario runs,
// showing the Live area with one delivery opened.
test('writes the README screenshot', async ({ app, page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await app.goto('sandbox');
  const sandbox = new SandboxPage(page);
  await sandbox.runScenario('3ds-success');
  await sandbox.runScenario('shipping-delivered');
  await expect(sandbox.result.getByTestId('sandbox-result-row')).toHaveCount(7);
  await app.goto('live');
  const live = new LivePage(page);
  await expect(live.rows.first()).toBeVisible();
  await live.open('SuccessPayment');
  await page.screenshot({ path: target('hooklab.png') });

  // The Sequences area on the scenario order with the most events: timeline, states, diagram.
  const { orders } = await app.api<{ orders: Array<{ orderId: string; events: number }> }>('sequences.list', {});
  const richest = [...orders].sort((a, b) => b.events - a.events)[0]!;
  const sequences = new SequencesPage(page);
  await app.goto('sequences');
  await sequences.openOrder(richest.orderId);
  await expect(sequences.diagram).toBeVisible();
  await page.screenshot({ path: target('sequences.png') });
});
