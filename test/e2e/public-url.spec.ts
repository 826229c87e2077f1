import { test, expect } from './support/fixtures';

test('Settings → Public URL tests the public URL on demand, and the status bar keeps the verdict in the same words', async ({ app, page }) => {
  // An own public URL that leads to this very listener, on loopback: the probe comes back, and
  // the words still say the service cannot reach it.
  const status = await app.api<{ listener: { url: string } }>('app.status', {});
  const storedBefore = (await app.api<{ total: number }>('live.list', {})).total;
  await app.goto('settings');
  const card = page.getByTestId('settings-tunnel');
  await page.getByTestId('own-public-url').fill(`${status.listener.url}webhooks`);
  await page.getByTestId('save-tunnel').click();
  await expect(app.statusState('tunnel')).toHaveText('your own URL');
  await expect(page.getByTestId('status-probe')).toHaveAttribute('data-tone', 'warn');
  await expect(page.getByTestId('status-probe-verdict')).toHaveText(/^this machine only · \d+ ms · /);
  await expect(card.getByTestId('public-url-verdict-text')).toHaveText(/^this machine only · \d+ ms · /);
  await expect(card.getByTestId('public-url-verdict-why')).toContainText('only this machine can reach this address: the service cannot');

  await page.getByTestId('probe-now-button').click();
  await expect(card.getByTestId('public-url-verdict-text')).toHaveText(/^this machine only · \d+ ms · just now$/);

  // A URL where nothing listens: the cause, in words, in Settings and on hover in the status bar.
  await page.getByTestId('own-public-url').fill('http://127.0.0.1:9/webhooks');
  await page.getByTestId('save-tunnel').click();
  await page.getByTestId('probe-now-button').click();
  await expect(page.getByTestId('status-probe')).toHaveAttribute('data-tone', 'error');
  await expect(page.getByTestId('status-probe-verdict')).toHaveText(/^unreachable since \d\d:\d\d:\d\d · /);
  await expect(app.statusPart('tunnel')).toHaveAttribute('title', /127\.0\.0\.1 refused the connection to 127\.0\.0\.1:9 \(ECONNREFUSED\)/);
  await expect(card.getByTestId('public-url-verdict-why')).toContainText('127.0.0.1 refused the connection to 127.0.0.1:9 (ECONNREFUSED)');
  // No probe ever shows in Live.
  expect((await app.api<{ total: number }>('live.list', {})).total).toBe(storedBefore);

  await page.getByTestId('own-public-url').fill('');
  await page.getByTestId('save-tunnel').click();
  await expect(page.getByTestId('status-probe')).toHaveCount(0);
  await expect(card.getByTestId('public-url-verdict')).toHaveCount(0);
  // With no public URL there is nothing to test: the button says so instead of being clickable.
  await expect(page.getByTestId('probe-now-button')).toBeDisabled();
  await expect(page.getByTestId('probe-now-why')).toHaveText('No public URL to test: turn the tunnel on, or set your own public URL.');
});
