import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import { test, expect } from './support/fixtures';
import { LivePage } from './pages/live-page';

const KEY = 'e2e-limits-key';
const sign = (body: string | Buffer) => createHmac('sha256', KEY).update(body).digest('base64');

// The host is shared by every test of this worker: put back the limits these tests lower.
test.afterEach(async ({ app }) => {
  await app.api('settings.update', { listener: { bodyLimitBytes: 5 * 1024 * 1024, retainDeliveries: 100_000 } });
});

test('a body over the limit is marked over-limit, "cannot verify", and its hash is labelled as that of the kept prefix', async ({ app, page }) => {
  await app.api('live.addKey', { label: 'limits', value: KEY });
  await app.api('settings.update', { listener: { bodyLimitBytes: 100_000 } });
  const { listener } = await app.api<{ listener: { url: string } }>('app.status', {});
  const body = Buffer.alloc(200_000, 'b');
  const res = await fetch(`${listener.url}too-big`, { method: 'POST', body, headers: { 'X-Svc-Hmac-Sha256': sign(body) } });
  expect(res.status).toBe(413);

  const live = new LivePage(page);
  await app.goto('live');
  await live.search('too-big');
  await expect(live.rows).toHaveCount(1);
  await expect(live.rows.getByTestId('signature-badge')).toHaveText('cannot verify');
  await expect(live.rows.getByTestId('flag-over-limit')).toBeVisible();
  // The kept prefix is not JSON because it is cut, not because the sender sent something else.
  await expect(live.rows).toContainText('(body cut: over the limit)');
  await live.open();
  await expect(page.getByTestId('verification-outcome')).toHaveText('cannot verify');
  await expect(page.getByTestId('diagnosis')).toContainText('Cannot verify: body over the limit');
  await expect(page.getByTestId('body-label')).toContainText('Over the limit (413): 200,000 bytes declared; only the first 65,536 kept · SHA-256 of the kept 65,536 bytes');
});

test('a port in use is refused next to the field, and the listener stays where it was', async ({ app, page }) => {
  const blocker = createServer();
  const busy = await new Promise<number>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)));
  try {
    const before = await app.api<{ listener: { port: number } }>('app.status', {});
    await app.goto('settings');
    await page.getByTestId('listener-port').fill(String(busy));
    await page.getByTestId('save-listener').click();
    await expect(page.getByTestId('listener-port-error')).toHaveText(`port ${busy} is already in use: still listening on ${before.listener.port}`);
    // The save's own message does not contradict the field: the port was not applied.
    await expect(page.getByTestId('listener-message')).toHaveText('Listener settings: saved and applied, except the port (see below)');
    await expect(app.statusBar.getByTestId('status-listener')).toContainText(`:${before.listener.port}`);
    await expect(app.statusBar.getByTestId('status-listener-state')).toHaveText('listening');

    // A later save that applies cleanly clears the refusal: it no longer describes the listener.
    // The field went back to the configured port (which the listener is on).
    await expect(page.getByTestId('listener-port')).not.toHaveValue(String(busy));
    await page.getByTestId('save-listener').click();
    await expect(page.getByTestId('listener-message')).toHaveText('Listener settings: saved and applied');
    await expect(page.getByTestId('listener-port-error')).toHaveCount(0);
  } finally {
    await new Promise<void>((resolve) => blocker.close(() => resolve()));
  }
});

test('retention set in Settings holds, and the status bar shows what is stored', async ({ app, page }) => {
  await app.goto('settings');
  await page.getByTestId('retain-deliveries').fill('2');
  await page.getByTestId('save-listener').click();
  await expect(page.getByTestId('listener-message')).toContainText('saved and applied');
  const { listener } = await app.api<{ listener: { url: string } }>('app.status', {});
  for (let i = 0; i < 3; i++) await fetch(`${listener.url}kept-${i}`, { method: 'POST', body: `{"n":${i}}` });
  await expect(app.statusBar.getByTestId('status-listener-stored')).toContainText('2 stored');
  await expect(page.getByTestId('retention-now')).toContainText('Stored now: 2 deliveries');
});

test('the Live table drops what retention removed, without a reload', async ({ app, page }) => {
  const live = new LivePage(page);
  await app.goto('live');
  await app.api('settings.update', { listener: { retainDeliveries: 3 } });
  const { listener } = await app.api<{ listener: { url: string } }>('app.status', {});
  for (let i = 0; i < 5; i++) await fetch(`${listener.url}live-kept-${i}`, { method: 'POST', body: `{"n":${i}}` });
  await expect(app.statusBar.getByTestId('status-listener-stored')).toContainText('3 stored');
  // This test's own deliveries: an earlier spec on this app may have imported files, which Live
  // lists and retention never removes (they were never received).
  await live.search('live-kept');
  await expect(live.rows).toHaveCount(3);
});
