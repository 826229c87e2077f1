import { test, expect } from './support/fixtures';
import { HistoryPage } from './pages/history-page';

const event = (orderId: string) => ({
  event: {
    orderId,
    orderReference: null,
    orderType: 'FULL',
    description: 'e2e',
    level: 'Info',
    type: 'Created',
    metadata: null,
  },
});

test("History's activity strip counts the copy's deliveries of the last hour, and a dragged range filters the events", async ({
  app,
  page,
}) => {
  // The worker's host is shared: earlier tests may have left deliveries in this hour. Count
  // what the strip shows first, then the two this test sends.
  const history = new HistoryPage(page);
  await app.goto('history');
  await history.pollNow();
  const strip = page.getByTestId('history-activity');
  await expect(strip).toHaveAttribute('data-state', 'ready');
  const before = Number(await strip.getAttribute('data-total'));
  await app.api('sandbox.sendEvent', event('strip-1'));
  await app.api('sandbox.sendEvent', event('strip-2'));
  await history.pollNow();
  await expect(strip).toHaveAttribute('data-total', String(before + 2));
  await expect(strip).toContainText('delivered');
  const resendButtons = page.getByTestId('events-table').locator('[data-testid^="resend-event-"]');
  await expect(resendButtons.first()).toBeVisible();
  const shown = await resendButtons.count();
  expect(shown).toBeGreaterThanOrEqual(2);

  // Drag over the strip's first minutes (40-55 minutes ago): nothing was created then.
  const chart = strip.locator('svg');
  const box = (await chart.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.05, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(page.getByTestId('history-activity-clear')).toBeVisible();
  await expect(resendButtons).toHaveCount(0);
  expect(page.url()).toContain('t=');

  await page.getByTestId('history-activity-clear').click();
  await expect(resendButtons).toHaveCount(shown);
});
