import { test, expect } from './support/fixtures';
import { callApi, signReplaysWithSandboxKey } from './support/api';
import { HistoryPage } from './pages/history-page';
import { LivePage } from './pages/live-page';
import { ReplayPage } from './pages/replay-page';
import { startHandler } from '../fixtures/handlers';

// Any console error, uncaught exception or failed request (a missing favicon) fails the test.
test.use({ failOnConsoleError: true });

const event = (orderId: string, type = 'Created') => ({
  event: { orderId, orderReference: null, orderType: 'FULL', description: 'walk', level: 'Info', type, metadata: null },
});

test('a full walk through every area leaves the console clean', async ({ app, page, consoleErrors }) => {
  await callApi(app.server, 'sandbox.sendEvent', event('walk-1'));
  await callApi(app.server, 'sandbox.sendEvent', event('walk-1', 'SuccessPayment'));

  const live = new LivePage(page);
  await app.goto('live');
  await live.open('SuccessPayment');
  await page.getByTestId('body-view-raw').click();
  await page.getByTestId('body-view-hex').click();
  await live.search('walk-1');
  await expect(live.rows).toHaveCount(2);

  const history = new HistoryPage(page);
  await app.goto('history');
  await history.pollNow();
  const firstEvent = page.getByTestId('events-table').locator('[data-testid^="event-open-"]').first();
  await firstEvent.click();
  await expect(page.locator('[data-testid^="event-detail-"]')).toBeVisible();
  await history.tab('browser');
  await history.tab('reconcile');
  await page.getByTestId('reconcile-run').click();
  await expect(page.getByTestId('reconcile-count-received')).not.toHaveAttribute('data-count', '0');
  await history.tab('events');
  await page.getByTestId('events-table').locator('[data-testid^="event-open-"]').first().click();
  await page.locator('[data-testid^="diff-received-"]').first().click();
  await expect(page.getByTestId('history-diff-view')).toHaveAttribute('data-ready', 'true');

  await app.goto('replay');
  await app.goto('sequences');

  // The Sandbox's editor, then the Diff again: Monaco's contributions must be registered once.
  await app.goto('sandbox');
  await page.getByTestId('custom-event-type').selectOption('PaymentError');
  await expect(page.locator('[data-testid="custom-event-editor"][data-ready="true"]')).toBeVisible();
  await page.goBack();
  await page.goBack();
  await page.goBack();
  await expect(page.getByTestId('history-diff-view')).toHaveAttribute('data-ready', 'true');

  // Leaving the Diff disposes its editor and models.
  await app.goto('settings');
  await expect(page.getByTestId('page-settings')).toBeVisible();
  await page.reload();
  await app.waitForReady();
  await app.goto('live');
  await expect(live.rows.first()).toBeVisible();

  expect(consoleErrors.problems, consoleErrors.toString()).toEqual([]);
});

test('a walk through Replay (in the dark theme) leaves the console clean', async ({ app, page, consoleErrors }) => {
  // The handler verifies with the sandbox store's key, the listener's current one: Replay signs with it.
  const webhookKey = await signReplaysWithSandboxKey(app.server);
  const handler = await startHandler('correct', { key: webhookKey });
  try {
    await callApi(app.server, 'sandbox.sendEvent', event('walk-replay'));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

    await app.goto('settings');
    await page.getByTestId('theme-dark').click();
    await expect(page.locator('html[data-theme="dark"]')).toBeAttached();

    const live = new LivePage(page);
    await app.goto('live');
    await live.open('Created');
    await page.getByTestId('open-in-replay').click();
    const replay = new ReplayPage(page);
    await replay.waitForEditor();
    await replay.typeAtEnd(' ');
    await replay.waitForSignature();
    await replay.addTarget(handler.url);
    await replay.send();
    await replay.focusEditorEnd();
    await replay.send('keyboard');
    await page.keyboard.press('ControlOrMeta+S');
    await expect(page.getByTestId('replay-drafts').locator('[data-testid^="draft-open-"]')).toHaveCount(1);
    await page.getByTestId('replay-export-curl').click();
    await expect(page.getByTestId('replay-export-message')).toHaveText('cURL command copied.');
    const download = page.waitForEvent('download');
    await page.getByTestId('replay-export-fixture').click();
    await download;

    await replay.tab('history');
    await expect(replay.historyRows).toHaveCount(2);
    const ids = await replay.historyRows.evaluateAll((rows) => rows.map((r) => (r as unknown as { dataset: Record<string, string> }).dataset['rowId']!));
    for (const id of ids) await replay.pickForDiff(id);
    await page.getByTestId('replay-diff-run').click();
    await expect(page.getByTestId('replay-diff-view')).toHaveAttribute('data-ready', 'true');

    const summary = await replay.runCheck(handler.url);
    await expect(summary).toHaveAttribute('data-passed', 'true');

    // The draft links back to the delivery it came from.
    await replay.tab('editor');
    await page.getByTestId('replay-origin-link').click();
    await expect(live.detail).toBeVisible();

    // From History's event to Replay, then back to Live: editors and diffs are disposed cleanly.
    const history = new HistoryPage(page);
    await app.goto('history');
    await history.pollNow();
    await page.getByTestId('events-table').locator('[data-testid^="event-open-"]').first().click();
    await page.locator('[data-testid^="event-detail-"]').locator('[data-testid^="open-in-replay-"]').first().click();
    await replay.waitForEditor();
    await app.goto('live');
    await expect(live.rows.first()).toBeVisible();

    expect(consoleErrors.problems, consoleErrors.toString()).toEqual([]);
  } finally {
    await handler.close();
    // The worker's host is shared with Replay's own tests, which count replays and drafts.
    await callApi(app.server, 'replay.clearHistory');
    const { drafts } = await callApi<{ drafts: { id: number }[] }>(app.server, 'replay.listDrafts');
    for (const { id } of drafts) await callApi(app.server, 'replay.deleteDraft', { id });
    const { targets } = await callApi<{ targets: { id: number | null; url: string }[] }>(app.server, 'replay.targets');
    for (const { id, url } of targets) if (id !== null && url === handler.url) await callApi(app.server, 'replay.removeTarget', { id });
  }
});
