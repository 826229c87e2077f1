import { test, expect } from './support/fixtures';
import { HistoryPage } from './pages/history-page';
import { screenshotBothThemes } from './support/themes';

const event = (orderId: string) => ({
  event: { orderId, orderReference: null, orderType: 'FULL', description: 'e2e jobs', level: 'Info', type: 'Created', metadata: null },
});

test('History → Resend…: the estimate, then a job at a chosen rate with progress, cancel, and resume of only what was not sent', async ({ app, page }) => {
  const info = await app.api<{ webhookUrl: string }>('sandbox.info', {});
  // Three events that never reached the listener: pending at the service.
  await app.api('sandbox.setWebhookUrl', { url: 'http://127.0.0.1:9/down' });
  await Promise.all(['a', 'b', 'c'].map((k) => app.api('sandbox.sendEvent', event(`e2e-jobs-${k}-${Date.now()}`))));
  await app.api('sandbox.setWebhookUrl', { url: info.webhookUrl });

  await app.goto('history');
  const history = new HistoryPage(page);
  await history.pollNow();
  await page.getByTestId('resend-where-open').click();
  const form = page.getByTestId('resend-where');
  await form.getByTestId('rw-rate').fill('0.5');
  await form.getByTestId('rw-estimate-button').click();
  const estimate = form.getByTestId('rw-estimate');
  await expect(estimate).toContainText(/\d+ deliveries of \d+ events match: \d+ resends/);
  const resends = Number(/: (\d+) resends/.exec((await estimate.textContent()) ?? '')![1]);
  expect(resends).toBeGreaterThanOrEqual(3);
  // Looked at in both themes (the form, its estimate, then the job's progress below).
  await screenshotBothThemes(page, 'resend-form', page);

  // One resend every two seconds: the first goes at once, Cancel comes before the second.
  await form.getByTestId('rw-run').click();
  const job = page.getByTestId('job-progress');
  await expect(job).toHaveAttribute('data-state', 'running');
  await expect(job.getByTestId('job-counts')).toContainText(`of ${resends}`);
  await job.getByTestId('job-cancel').click();
  await expect(job).toHaveAttribute('data-state', 'cancelled');
  await expect(job.getByTestId('job-counts')).toContainText(/cancelled \d\d?:\d\d.* \(just now\)/);
  await screenshotBothThemes(page, 'job-cancelled', job);
  const sentBeforeCancel = Number(/^(\d+) of/.exec((await job.getByTestId('job-counts').textContent()) ?? '')![1]);
  expect(sentBeforeCancel).toBeLessThan(resends);

  // Ended, the card says what the resends came to.
  await expect(job.getByTestId('job-outcome')).toHaveText(`delivered ${sentBeforeCancel}, refused 0, failed 0`);

  await job.getByTestId('job-resume').click();
  const resumed = page.getByTestId('job-progress');
  await expect(resumed.getByTestId('job-counts')).toContainText(`of ${resends - sentBeforeCancel}`);
  await expect(resumed).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(resumed.getByTestId('job-outcome')).toHaveText(`delivered ${resends - sentBeforeCancel}, refused 0, failed 0`);
  await screenshotBothThemes(page, 'job-done-outcome', resumed);
  // The job it resumed offers no second Resume.
  await expect(page.getByTestId('job-resume')).toHaveCount(0);
  await expect(history.pendingCount).toHaveAttribute('data-count', '0');
});

test('History lists a resend cancelled before the page (or the app) started, with Resume', async ({ app, page }) => {
  const info = await app.api<{ webhookUrl: string }>('sandbox.info', {});
  await app.api('sandbox.setWebhookUrl', { url: 'http://127.0.0.1:9/down' });
  await Promise.all(['a', 'b', 'c'].map((k) => app.api('sandbox.sendEvent', event(`e2e-resumable-${k}-${Date.now()}`))));
  await app.api('sandbox.setWebhookUrl', { url: info.webhookUrl });
  await app.api('history.pollNow', {});
  // Started and cancelled by another client (a terminal): this page never followed it.
  const jobId = `e2e-resumable-${Date.now()}`;
  await app.api('history.resendWhere', { where: { pendingOnly: true }, ratePerSecond: 0.2, concurrency: 1, jobId });
  await expect.poll(async () => (await app.api<{ done: number }>('jobs.get', { jobId })).done).toBeGreaterThan(0);
  await app.api('jobs.cancel', { jobId });
  await expect.poll(async () => (await app.api<{ state: string }>('jobs.get', { jobId })).state).toBe('cancelled');

  await page.reload();
  await app.goto('history');
  const listed = page.getByTestId('resumable-resends').locator(`[data-job-id="${jobId}"]`);
  await expect(listed.getByTestId('job-resume')).toBeVisible();
  await expect(listed.getByTestId('job-outcome')).toHaveText(/^delivered \d+, refused 0, failed 0$/);
  await screenshotBothThemes(page, 'job-resumable', page.getByTestId('resumable-resends'));
  await listed.getByTestId('job-resume').click();
  const current = page.getByTestId('bulk-resend').getByTestId('job-progress').last();
  await expect(current).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(page.getByTestId('resumable-resends').locator(`[data-job-id="${jobId}"]`)).toHaveCount(0);
});

test('a scenario against a handler that is down: its deliveries of a real total, each retry with its cause', async ({ app, page }) => {
  const info = await app.api<{ webhookUrl: string }>('sandbox.info', {});
  await app.api('sandbox.setWebhookUrl', { url: 'http://127.0.0.1:9/down' });
  try {
    await app.goto('sandbox');
    await page.getByTestId('scenario-payment-link-paid').click();
    const job = page.getByTestId('sandbox-result').getByTestId('job-progress');
    await expect(job.getByTestId('job-note')).toContainText(/\d+ attempts?; retrying a delivery \(attempt \d of 4\): the handler answered 500 or could not be reached/);
    await expect(job.getByTestId('job-counts')).toContainText(/\d of 2 deliveries \(\d+%\)/);
    // A determinate bar: its maximum is the deliveries.
    await expect(job.getByTestId('job-bar')).toHaveAttribute('max', '2');
    await screenshotBothThemes(page, 'job-scenario-retrying', job);
    await job.getByTestId('job-cancel').click();
    await expect(page.getByTestId('sandbox-result')).toHaveAttribute('data-state', 'error');
  } finally {
    await app.api('sandbox.setWebhookUrl', { url: info.webhookUrl });
  }
});

test('a failing handler is notified once in the browser, and clicking the notification opens that delivery', async ({ app, page }) => {
  // The browser's Notification API, recorded: the page shows notices with it.
  // A script as text: a function would be transpiled with helpers the page does not have.
  await page.addInitScript({
    content: `
      const shown = [];
      class RecordedNotification {
        constructor(title, options) {
          this.title = title;
          this.body = (options && options.body) || '';
          this.onclick = null;
          shown.push(this);
        }
        close() {}
      }
      RecordedNotification.permission = 'granted';
      RecordedNotification.requestPermission = async () => 'granted';
      Object.defineProperty(window, 'Notification', { value: RecordedNotification, configurable: true, writable: true });
      window.shownNotifications = shown;
    `,
  });
  // The page is open already (a same-URL goto would only change the hash): reload it.
  await page.reload();
  await app.goto('settings');
  await page.getByTestId('notify-in-browser').click();
  await expect(page.getByTestId('notify-in-browser')).toBeChecked();

  const { settings } = await app.api<{ settings: { listener: { forwardTargets: string[] } } }>('settings.get', {});
  const deadHandler = `http://127.0.0.1:9/e2e-handler-${Date.now()}`;
  await app.api('settings.update', { listener: { forwardTargets: [deadHandler] } });
  try {
    const first = await app.api<{ deliveries: Array<{ id: number | null }> }>('sandbox.sendEvent', event(`e2e-notify-1-${Date.now()}`));
    await app.api('sandbox.sendEvent', event(`e2e-notify-2-${Date.now()}`));
    const notices = () => page.evaluate(() => (globalThis as unknown as { shownNotifications: Array<{ title: string; body: string }> }).shownNotifications.map((n) => `${n.title}: ${n.body}`));
    await expect.poll(notices).toContainEqual(expect.stringContaining(deadHandler));
    // Two failing deliveries, one notification: the streak is said once.
    expect((await notices()).filter((n) => n.includes(deadHandler))).toHaveLength(1);
    expect(first.deliveries[0]!.id).not.toBeNull();

    await page.evaluate((target) => {
      const shown = (globalThis as unknown as { shownNotifications: Array<{ body: string; onclick: (() => void) | null }> }).shownNotifications;
      shown.find((n) => n.body.includes(target))!.onclick!();
    }, deadHandler);
    await expect(page).toHaveURL(/#\/live\/\d+/);
    const openedId = Number(/#\/live\/(\d+)/.exec(page.url())![1]);
    await expect(page.getByTestId('delivery-detail')).toHaveAttribute('data-delivery-id', String(openedId));
    const opened = await app.api<{ forwards: Array<{ target: string }> }>('live.get', { id: openedId });
    expect(opened.forwards.map((f) => f.target)).toEqual([deadHandler]);
  } finally {
    await app.api('settings.update', { listener: { forwardTargets: settings.listener.forwardTargets } });
  }
});

test('Live → Replay selected: the checked deliveries replayed in order as a job, in Replay history', async ({ app, page }) => {
  const info = await app.api<{ webhookUrl: string }>('sandbox.info', {});
  // The listener itself as the target (loopback: allowed once added to Replay's targets).
  await app.api('replay.addTarget', { url: info.webhookUrl, label: 'this listener' }).catch(() => undefined);
  const orderId = `e2e-replay-selected-${Date.now()}`;
  await app.api('sandbox.sendEvent', event(`${orderId}-1`));
  await app.api('sandbox.sendEvent', event(`${orderId}-2`));
  const before = await app.api<{ total: number }>('replay.history', {});

  await app.goto('live');
  await page.getByTestId('live-search').fill(orderId);
  const rows = page.getByTestId('live-table').getByTestId('data-row');
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) await row.getByTestId('row-check').check();
  await page.getByTestId('live-selected-menu').click();
  await page.getByTestId('replay-selected-open').click();
  const panel = page.getByTestId('replay-selected');
  await panel.getByTestId('replay-selected-target').selectOption(info.webhookUrl);
  await panel.getByTestId('replay-selected-run').click();
  const job = panel.getByTestId('job-progress');
  await expect(job).toHaveAttribute('data-state', 'done');
  await expect(job.getByTestId('job-counts')).toContainText('2 of 2');
  await screenshotBothThemes(page, 'replay-selected', job, panel);
  expect((await app.api<{ total: number }>('replay.history', {})).total).toBe(before.total + 2);

  await app.goto('settings');
  await page.getByTestId('settings-notifications').scrollIntoViewIfNeeded();
  await screenshotBothThemes(page, 'notifications', page.getByTestId('settings-notifications'));
});

test('Live → Export shown: the filtered view exported as a job of the main process, then downloaded', async ({ app, page }) => {
  const orderId = `e2e-export-job-${Date.now()}`;
  await app.api('sandbox.sendEvent', event(`${orderId}-1`));
  await app.api('sandbox.sendEvent', event(`${orderId}-2`));
  await app.goto('live');
  await page.getByTestId('live-search').fill(orderId);
  await expect(page.getByTestId('live-table').getByTestId('data-row')).toHaveCount(2);
  const button = page.getByTestId('export-all');
  await expect(button).toContainText('Export shown (2)');
  const download = page.waitForEvent('download');
  await button.click();
  await page.getByTestId('export-all-ndjson').click();
  const file = await (await download).path();
  const { readFileSync } = await import('node:fs');
  const lines = readFileSync(file!, 'utf8').trim().split('\n');
  const orders = lines.map((l) => (JSON.parse(Buffer.from((JSON.parse(l) as { bodyBase64: string }).bodyBase64, 'base64').toString()) as { orderId: string }).orderId);
  expect(orders).toEqual([`${orderId}-1`, `${orderId}-2`]);
  const job = page.getByTestId('live-export-job').getByTestId('job-progress');
  await expect(job).toHaveAttribute('data-state', 'done');
  await expect(job.getByTestId('job-counts')).toContainText('2 of 2');
  await screenshotBothThemes(page, 'live-export-job', job);
  await page.getByTestId('live-export-close').click();
  await expect(page.getByTestId('live-export-job')).toHaveCount(0);
});
