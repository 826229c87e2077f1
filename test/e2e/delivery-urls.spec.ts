import { test, expect } from './support/fixtures';

const event = (orderId: string) => ({
  event: { orderId, orderReference: null, orderType: 'FULL', description: 'e2e elsewhere', level: 'Info', type: 'Created', metadata: null },
});

test('deliveries sent to another URL: the banner in Live and History says where, and its resend reaches the listener', async ({ app, page }) => {
  const info = await app.api<{ webhookUrl: string }>('sandbox.info', {});
  // An old address that answers nothing, unique to this test.
  const dead = `http://127.0.0.1:9/old-tunnel-${Date.now().toString(36)}`;

  // The sandbox plays the portal: two URLs, the listener's and the dead one (interface 6.1).
  await app.goto('sandbox');
  await page.getByTestId('sandbox-webhook-input').fill(`${info.webhookUrl};${dead}`);
  await page.getByTestId('sandbox-webhook-save').click();
  await expect(page.getByTestId('sandbox-webhook-message')).toContainText('these 2 URLs, each with its own event id');
  await app.api('sandbox.sendEvent', event('e2e-elsewhere-1'));
  await app.api('sandbox.sendEvent', event('e2e-elsewhere-2'));
  await app.api('history.pollNow', {});

  await app.goto('live');
  const inLive = page.locator(`[data-testid="sent-elsewhere-banner"][data-url="${dead}"]`);
  await expect(inLive).toContainText(`The service sent 2 deliveries since`);
  await expect(inLive).toContainText(`to ${dead}, not to your public URL`);
  await expect(inLive).toContainText('set it in the merchant portal (Settings → Developer options → Webhook), then resend them');
  const before = (await app.api<{ total: number }>('live.list', {})).total;

  // The portal fixed, then the resend of exactly those, from History's banner.
  await app.goto('sandbox');
  await page.getByTestId('sandbox-webhook-input').fill(info.webhookUrl);
  await page.getByTestId('sandbox-webhook-save').click();
  await expect(page.getByTestId('sandbox-webhook-message')).toContainText('this URL');
  await app.goto('history');
  const inHistory = page.locator(`[data-testid="sent-elsewhere-banner"][data-url="${dead}"]`);
  await inHistory.getByTestId('sent-elsewhere-resend').click();
  await expect(page.getByTestId('sent-elsewhere-outcome')).toContainText('Resent 2: 2 delivered, 0 not.');
  await expect(inHistory).toHaveCount(0);
  expect((await app.api<{ total: number }>('live.list', {})).total).toBe(before + 2);
});
