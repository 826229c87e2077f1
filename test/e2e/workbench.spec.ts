import { test, expect } from './support/fixtures';
import { callApi } from './support/api';
import { HistoryPage } from './pages/history-page';
import { LivePage } from './pages/live-page';

interface RunResult {
  deliveries: Array<{ id: number | null; eventId: number | null }>;
}

const event = (orderId: string, type = 'Created', metadata: Record<string, unknown> | null = null) => ({
  event: { orderId, orderReference: null, orderType: 'FULL', description: 'workbench', level: 'Info', type, metadata },
});

/** Sends a custom event from the sandbox (signed, logged in its history, delivered to the listener). */
async function sendEvent(server: Parameters<typeof callApi>[0], ...args: Parameters<typeof event>): Promise<number> {
  const result = await callApi<RunResult>(server, 'sandbox.sendEvent', event(...args));
  return result.deliveries[0]!.eventId!;
}

test('body search finds a value that appears only in a body, with the column filters, and marks it in the detail', async ({ app, page }) => {
  const orderId = `wb-search-${Date.now()}`;
  await sendEvent(app.server, orderId, 'SuccessPayment', { coupon: 'ZXSPRING7731', buyerEmail: 'ana.silva@example.com' });
  await sendEvent(app.server, orderId, 'Created');
  const live = new LivePage(page);
  await app.goto('live');
  await live.search(orderId);
  await expect(live.rows).toHaveCount(2);

  // Neither the coupon nor the e-mail is in any column: only the body has them.
  await live.search('zxspring7731');
  await expect(live.rows).toHaveCount(1);
  await expect(live.count).toContainText(/^1 of \d+/);
  await live.search('ana.silva@example');
  await expect(live.rows).toHaveCount(1);
  await live.open();
  await expect(page.getByTestId('detail-body').getByTestId('search-mark').first()).toHaveText(/ana/i);

  // Combined with a column filter, and the filter alone updates the count.
  await live.filterColumn('type', 'Created');
  await expect(live.rows).toHaveCount(0);
  await expect(live.count).toContainText(/^0 of \d+/);
  await live.search(orderId);
  await expect(live.rows).toHaveCount(1);
  await expect(live.count).toContainText(/^1 of \d+/);
  await live.search('');
  await expect(live.count).toContainText(/^\d+ of \d+/);
  await live.filterColumn('type', '');
  await expect(live.count).toContainText(/deliveries$/);
});

test('each link lands on the related item: Live to History and back, arrivals, reconciliation, sequences', async ({ app, page }) => {
  const orderId = `wb-links-${Date.now()}`;
  const eventId = await sendEvent(app.server, orderId, 'Created');
  const history = new HistoryPage(page);
  await app.goto('history');
  await history.pollNow();

  // Live delivery -> its history event, and its order's sequence.
  const live = new LivePage(page);
  await app.goto('live');
  await live.search(orderId);
  await live.open('Created');
  const receivedId = await live.openId();
  await expect(page.getByTestId('link-sequence')).toHaveAttribute('href', `#/sequences/${orderId}`);
  await page.getByTestId('link-history-event').click();
  await expect(page).toHaveURL(new RegExp(`#/history/events/${eventId}`));
  await expect(page.getByTestId(`event-detail-${eventId}`)).toBeVisible();
  await expect(page.getByTestId(`event-row-${eventId}`).getByTestId('event-order')).toHaveText(orderId);

  // History event -> the delivery it arrived as ("received 70").
  await page.getByTestId(`arrival-link-${receivedId}`).click();
  await expect(page).toHaveURL(new RegExp(`#/live/${receivedId}`));
  await expect(live.detail).toHaveAttribute('data-delivery-id', String(receivedId));

  // History event -> every delivery of that event in Live.
  await page.goBack();
  await page.getByTestId(`event-live-link-${eventId}`).click();
  await expect(live.rows).toHaveCount(1);
  await expect(page.getByTestId('filter-eventId')).toHaveValue(String(eventId));

  // A reconciliation row -> the received delivery.
  await app.goto('history');
  await history.tab('reconcile');
  await page.getByTestId('reconcile-run').click();
  await page.getByTestId('filter-eventId').fill(String(eventId));
  await page.getByTestId('reconcile-received-link').first().click();
  await expect(page).toHaveURL(new RegExp(`#/live/${receivedId}`));
  await expect(live.detail).toHaveAttribute('data-delivery-id', String(receivedId));
});

test('deep links open the right tab and selection, and back and forward work', async ({ app, page }) => {
  const orderId = `wb-deep-${Date.now()}`;
  const eventId = await sendEvent(app.server, orderId, 'Created');
  await callApi(app.server, 'history.pollNow');
  const deep = (hash: string) => page.goto(new URL(hash, app.server.openUrl).toString());

  // The Diff tab's deep link (docs/live.md#find-anything-and-move-between-views).
  await deep('#/history/diff');
  await app.waitForReady();
  await expect(page.getByTestId('history-tab-diff')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('history-diff')).toBeVisible();

  await deep(`#/history/events/${eventId}`);
  await app.waitForReady();
  await expect(page.getByTestId('history-tab-events')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId(`event-detail-${eventId}`)).toBeVisible();
  await expect(page.getByTestId('event-unknown')).toHaveCount(0);

  // An event the copy does not hold says so instead of an empty panel.
  await deep('#/history/events/987654321');
  await app.waitForReady();
  await expect(page.getByTestId('event-unknown')).toContainText('No delivery of event 987654321');

  // The service browser's controls come from the URL, and its query runs.
  await deep('#/history/browser?eventType=Created&delivered=true');
  await app.waitForReady();
  await expect(page.getByTestId('filter-event-type')).toHaveValue('Created');
  await expect(page.getByTestId('filter-preview')).toHaveText('filters=eventType==Created,delivered==true');
  await expect(page.getByTestId('history-total')).toContainText(/ (delivery matches|deliveries match)/);

  // A reconciliation category from the URL.
  await deep('#/history/reconcile?category=received');
  await app.waitForReady();
  await expect(page.getByTestId('reconcile-count-received')).toHaveClass(/button--primary/);

  const live = new LivePage(page);
  const { rows } = await callApi<{ rows: Array<{ id: number; orderId: string | null }> }>(app.server, 'live.list', { limit: 50 });
  const id = rows.find((r) => r.orderId === orderId)!.id;
  await deep(`#/live/${id}?q=${orderId}`);
  await app.waitForReady();
  await expect(live.detail).toHaveAttribute('data-delivery-id', String(id));
  await expect(page.getByTestId('live-search')).toHaveValue(orderId);
  await expect(live.rows).toHaveCount(1);

  // Tabs are history entries.
  await app.goto('history');
  await new HistoryPage(page).tab('reconcile');
  await new HistoryPage(page).tab('diff');
  await page.goBack();
  await expect(page.getByTestId('history-tab-reconcile')).toHaveAttribute('aria-selected', 'true');
  await page.goForward();
  await expect(page.getByTestId('history-tab-diff')).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await page.goBack();
  await page.goBack();
  await expect(live.detail).toHaveAttribute('data-delivery-id', String(id));

  // Keyboard: Escape closes the detail (the URL follows), `/` focuses the search.
  await page.getByTestId('live-table-body').focus();
  await page.keyboard.press('Escape');
  await expect(live.detail).toHaveCount(0);
  await expect(page).toHaveURL(/#\/live\?q=/);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(live.detail).toHaveAttribute('data-delivery-id', String(id));
  await page.getByTestId('live-table-body').focus();
  await page.keyboard.press('/');
  await expect(page.getByTestId('live-search')).toBeFocused();
});

test('the pending badge and the window title update while another area is open', async ({ app, page }) => {
  const info = await callApi<{ webhookUrl: string }>(app.server, 'sandbox.info');
  // Other tests of this worker share the server: count from where it stands.
  const before = (await callApi<{ pendingEvents: number }>(app.server, 'history.summary')).pendingEvents;
  const live = new LivePage(page);
  await app.goto('live');

  // The listener is unreachable for one event: it stays pending in the service's history.
  await callApi(app.server, 'sandbox.setWebhookUrl', { url: 'http://127.0.0.1:9/down' });
  await sendEvent(app.server, `wb-pending-${Date.now()}`, 'Created');
  await callApi(app.server, 'sandbox.setWebhookUrl', { url: info.webhookUrl });
  await callApi(app.server, 'history.pollNow');

  await expect(live.root).toBeVisible();
  await expect(page.getByTestId('nav-history-pending')).toHaveAttribute('data-count', String(before + 1));
  await expect(page).toHaveTitle(`Hooklab · ${before + 1} pending`);

  await callApi(app.server, 'history.resendPending', {});
  await callApi(app.server, 'history.pollNow');
  await expect(page.getByTestId('nav-history-pending')).toHaveCount(0);
  await expect(page).toHaveTitle('Hooklab');
});

test('the split between table and detail is remembered across reloads, and saved filters come back', async ({ app, page }) => {
  const live = new LivePage(page);
  await app.goto('live');
  await expect(live.split).toHaveAttribute('data-orientation', 'above');
  await page.getByTestId('live-split-orientation').click();
  await expect(live.split).toHaveAttribute('data-orientation', 'beside');
  await live.dragSplitTo(0.3);
  const fraction = Number(await live.split.getAttribute('data-fraction'));
  expect(fraction).toBeGreaterThan(0.25);
  expect(fraction).toBeLessThan(0.35);

  await live.search('SuccessPayment');
  await page.getByTestId('saved-filter-save').click();
  await page.getByTestId('saved-filter-name').fill('payments');
  await page.getByTestId('saved-filter-confirm').click();
  await live.search('');

  await page.reload();
  await app.waitForReady();
  await expect(live.split).toHaveAttribute('data-orientation', 'beside');
  await expect(live.split).toHaveAttribute('data-fraction', fraction.toFixed(3));
  await page.getByTestId('saved-filters').selectOption('payments');
  await expect(page.getByTestId('live-search')).toHaveValue('SuccessPayment');
  await expect(page).toHaveURL(/q=SuccessPayment/);

  // The navigation returns to an area where it was left.
  await app.goto('settings');
  await app.goto('live');
  await expect(page.getByTestId('live-search')).toHaveValue('SuccessPayment');
});

test('Settings say what is wrong next to the field, and the theme switch overrides the system', async ({ app, page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await app.goto('settings');
  await page.getByTestId('tunnel-host').fill('localtunnel');
  await page.getByTestId('save-tunnel').click();
  await expect(page.getByTestId('tunnel-host-error')).toHaveText('The tunnel server is not a valid URL.');
  await page.getByTestId('sandbox-port').fill('70000');
  await page.getByTestId('save-sandbox-port').click();
  await expect(page.getByTestId('sandbox-port-error')).toHaveText('The sandbox port must be at most 65535.');
  await page.getByTestId('forward-targets').fill('http://localhost:3000/ok\nnot a url\nftp://example.test/');
  await page.getByTestId('save-listener').click();
  await expect(page.getByTestId('forward-target-error')).toHaveText([
    'Forward target 2 is not a valid URL.',
    'Forward target 3 must be an http:// or https:// URL.',
  ]);

  const theme = () => page.locator('html').getAttribute('data-theme');
  expect(await theme()).toBe('light');
  await page.getByTestId('theme-dark').check();
  expect(await theme()).toBe('dark');
  await page.reload();
  await app.waitForReady();
  expect(await theme()).toBe('dark');
  await page.getByTestId('theme-system').check();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(theme).toBe('dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(theme).toBe('light');
});

test('a custom event starts from the SuccessPayment template, says what is wrong above the editor, and counts "1 delivery"', async ({ app, page }) => {
  await app.goto('sandbox');
  await page.getByTestId('custom-event-type').selectOption('SuccessPayment');
  const editor = page.locator('[data-testid="custom-event-editor"][data-ready="true"]');
  await expect(editor).toBeVisible();
  await expect(editor).toContainText('"type": "SuccessPayment"');
  await expect(editor).toContainText('"PaymentId": "pay_'); // the complete SuccessPayment metadata (docs/service.md#successpayment-metadata) of the shared templates

  await editor.locator('.view-lines').click({ position: { x: 30, y: 8 } });
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await expect(editor.locator('.view-lines')).toHaveText('');
  await page.keyboard.insertText('{"orderId": "", "orderType": "FULL", "description": "x", "level": "Loud", "type": "Created"}');
  await page.getByTestId('custom-event-send').click();
  const errors = page.getByTestId('custom-event-errors');
  await expect(errors).toContainText('“orderId” is required.');
  await expect(errors).toContainText('“level” must be one of');

  await page.getByTestId('custom-event-type').selectOption('SuccessPayment');
  await page.getByTestId('custom-event-send').click();
  const result = page.getByTestId('sandbox-result');
  await expect(result).toHaveAttribute('data-state', 'done');
  await expect(result.locator('h2')).toHaveText('Custom event: 1 delivery');
  await expect(errors).toHaveCount(0);
});
