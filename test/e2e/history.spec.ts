import { test, expect } from './support/fixtures';
import { HistoryPage } from './pages/history-page';
import { fillNewEnvironment } from './pages/environment-settings';

const event = (orderId: string) => ({
  event: { orderId, orderReference: null, orderType: 'FULL', description: 'e2e', level: 'Info', type: 'Created', metadata: null },
});

test('events view: polled deliveries, pending count, resend all pending with a summary', async ({ app, page }) => {
  const info = await app.api<{ webhookUrl: string }>('sandbox.info', {});
  await app.api('sandbox.sendEvent', event('e2e-ok'));
  // The listener is unreachable for one event: it stays pending.
  await app.api('sandbox.setWebhookUrl', { url: 'http://127.0.0.1:9/down' });
  await app.api('sandbox.sendEvent', event('e2e-down'));

  await app.goto('history');
  const history = new HistoryPage(page);
  await history.pollNow();
  await expect(history.pendingCount).not.toHaveAttribute('data-count', '0');
  const pendingRow = page.getByTestId('events-table').locator('tr[data-pending="true"]').first();
  await expect(pendingRow).toBeVisible();
  // Resent while the listener is still unreachable: the banner says it was not delivered.
  const resendButton = pendingRow.locator('[data-testid^="resend-event-"]');
  const eventId = Number((await resendButton.getAttribute('data-testid'))!.replace('resend-event-', ''));
  await resendButton.click();
  await expect(page.getByTestId('resend-outcome')).toHaveAttribute('data-kind', 'refused');

  await app.api('sandbox.setWebhookUrl', { url: info.webhookUrl });
  await page.getByTestId('resend-all-pending').click();
  const bulk = page.getByTestId('bulk-resend');
  await expect(bulk).toHaveAttribute('data-finished', 'true');
  await expect(page.getByTestId('bulk-summary')).toContainText('resent and delivered');
  await expect(history.pendingCount).toHaveAttribute('data-count', '0');
  // "Not delivered" no longer describes the event: the stale banner is gone.
  await expect(page.getByTestId('resend-outcome')).toHaveCount(0);

  // Three deliveries of the event (original, refused resend, delivered resend), one arrival:
  // only the delivered resend is diffed with what arrived, never the original.
  await page.getByTestId(`event-open-${eventId}`).click();
  const deliveries = page.getByTestId(`event-detail-${eventId}`);
  await expect(deliveries.locator('[data-testid^="event-delivery-"]')).toHaveCount(3);
  await expect(deliveries.locator('[data-testid^="diff-received-"]')).toHaveCount(1);
  await expect(deliveries.getByTestId(`diff-received-${eventId}`)).toHaveCount(0);
});

test('browsing the service: filter controls, the slow-filter warning, paging with totalCount', async ({ app, page }) => {
  for (let i = 0; i < 3; i++) await app.api('sandbox.sendEvent', event(`e2e-browse-${i}`));
  await app.goto('history');
  const history = new HistoryPage(page);
  await history.tab('browser');
  await page.getByTestId('filter-delivered').selectOption('true');
  await expect(page.getByTestId('filter-warning')).toContainText('without an id> bound');
  await page.getByTestId('filter-id').fill('0');
  await expect(page.getByTestId('filter-warning')).toHaveCount(0);
  await expect(page.getByTestId('filter-preview')).toHaveText('filters=id>0,delivered==true');
  await page.getByTestId('filter-page-size').fill('2');
  await page.getByTestId('history-search').click();
  await expect(page.getByTestId('history-total')).toContainText(/Page 1 of \d+ · \d+ deliveries match/);
  await expect(page.getByTestId('history-results').getByTestId('data-row')).toHaveCount(2);
  await page.getByTestId('page-next').click();
  await expect(page.getByTestId('history-total')).toContainText('Page 2 of');

  await page.getByTestId('filter-page-size').fill('0');
  await page.getByTestId('history-search').click();
  await expect(page.getByTestId('history-query-error')).toContainText('pageSize must be 1 or more');
});

test('reconciliation counts what arrived, and the diff says received and history bodies are byte-identical', async ({ app, page }) => {
  await app.api('sandbox.sendEvent', event('e2e-diff'));
  await app.goto('history');
  const history = new HistoryPage(page);
  await history.pollNow();

  await history.tab('reconcile');
  await page.getByTestId('reconcile-run').click();
  await expect(page.getByTestId('reconcile-count-received')).not.toHaveAttribute('data-count', '0');

  await history.tab('events');
  const first = page.getByTestId('events-table').locator('tbody tr').first();
  await first.locator('td').nth(1).getByRole('button').click();
  await page.locator('[data-testid^="diff-received-"]').first().click();
  await expect(page.getByTestId('diff-verdict')).toHaveAttribute('data-verdict', 'identical');
  await expect(page.getByTestId('history-diff-view')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('history-diff-view')).toHaveAttribute('data-changes', '0');
});

test('a live environment is added with a write-only secret, tested, activated and left again', async ({ app, page }) => {
  const { settings, creds } = await fillNewEnvironment(app, 'Staging E2E');
  await settings.getByTestId('env-save').click();
  const row = settings.getByTestId('env-row-staging-e2e');
  await expect(row).toContainText('client secret ✓ set');
  // The secret never comes back to the page.
  await expect(page.locator('body')).not.toContainText(creds.clientSecret);

  await row.getByTestId('env-test-staging-e2e').click();
  await expect(settings.getByTestId('env-message')).toContainText('connected: the store has');

  // A controlled radio: it turns checked once the core saved the switch.
  await row.getByTestId('env-activate-staging-e2e').click();
  await expect(row.getByTestId('env-activate-staging-e2e')).toBeChecked();
  await expect(app.statusPart('environment')).toHaveText('Live: Staging E2E');
  await app.goto('history');
  await expect(page.getByTestId('history-environment')).toHaveText('Staging E2E');
  await new HistoryPage(page).pollNow();

  await app.goto('settings');
  await settings.getByTestId('env-activate-sandbox').click();
  await expect(settings.getByTestId('env-activate-sandbox')).toBeChecked();
  await expect(app.statusPart('environment')).toHaveText('Sandbox');
  await settings.getByTestId('env-remove-staging-e2e').click();
  await expect(settings.getByTestId('env-row-staging-e2e')).toHaveCount(0);
});
