import { test, expect } from './support/fixtures';

test('Settings → Public URL tests the public URL on demand, and the status bar keeps the verdict', async ({ app, page }) => {
  // An own public URL that leads to this very listener: what a working ngrok or proxy does.
  const status = await app.api<{ listener: { url: string } }>('app.status', {});
  const storedBefore = (await app.api<{ total: number }>('live.list', {})).total;
  await app.goto('settings');
  await page.getByTestId('own-public-url').fill(`${status.listener.url}webhooks`);
  await page.getByTestId('save-tunnel').click();
  await expect(page.getByTestId('status-probe')).toHaveAttribute('data-reachable', 'true');
  await expect(page.getByTestId('status-probe-verdict')).toHaveText(/^reachable · \d+ ms · /);

  await page.getByTestId('probe-now-button').click();
  await expect(page.getByTestId('probe-now-result')).toHaveAttribute('data-reachable', 'true');
  await expect(page.getByTestId('probe-now-result')).toContainText('The service can reach this Hooklab');

  // A URL where nothing listens: the cause, in words, in Settings and in the status bar.
  await page.getByTestId('own-public-url').fill('http://127.0.0.1:9/webhooks');
  await page.getByTestId('save-tunnel').click();
  await page.getByTestId('probe-now-button').click();
  await expect(page.getByTestId('probe-now-result')).toContainText('Not reachable at http://127.0.0.1:9/webhooks: 127.0.0.1 refused the connection');
  await expect(page.getByTestId('status-probe')).toHaveAttribute('data-reachable', 'false');
  await expect(page.getByTestId('status-probe-error')).toContainText('ECONNREFUSED');
  // No probe ever shows in Live.
  expect((await app.api<{ total: number }>('live.list', {})).total).toBe(storedBefore);

  await page.getByTestId('own-public-url').fill('');
  await page.getByTestId('save-tunnel').click();
  await expect(page.getByTestId('status-probe')).toHaveCount(0);
});
