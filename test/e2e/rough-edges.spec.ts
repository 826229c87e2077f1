import { createHmac } from 'node:crypto';
import { test, expect } from './support/fixtures';
import { HistoryPage } from './pages/history-page';

const event = (orderId: string) => ({
  event: { orderId, orderReference: null, orderType: 'FULL', description: 'rough edges', level: 'Info', type: 'Created', metadata: null },
});

test('the status bar writes its received and stored counts the same way (thousands grouped)', async ({ app, page }) => {
  const status = await app.api<{ listener: { port: number; received: number; stored: number } }>('app.status', {});
  const target = `http://127.0.0.1:${status.listener.port}/webhooks`;
  // Enough unsigned deliveries to pass 1,000 both received in this worker's run and stored now
  // (an earlier test in the worker may have cleared some, so the two counts can differ).
  const missing = Math.max(0, 1001 - Math.min(status.listener.received, status.listener.stored));
  for (let sent = 0; sent < missing; sent += 50) {
    const batch = Array.from({ length: Math.min(50, missing - sent) }, (_, i) =>
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ n: sent + i }) }),
    );
    await Promise.all(batch);
  }
  const received = page.getByTestId('status-listener-received');
  await expect(received).toHaveText(/^\d{1,3}(,\d{3})+ received$/);
  await expect(page.getByTestId('status-listener-stored')).toHaveText(/^\d{1,3}(,\d{3})+ stored/);
});

test('Reconciliation computes afresh each time its tab opens, and says when', async ({ app, page }) => {
  await app.api('sandbox.sendEvent', event(`rough-${Date.now()}`));
  await app.goto('history');
  const history = new HistoryPage(page);
  await history.pollNow();

  await history.tab('reconcile');
  const received = page.getByTestId('reconcile-count-received');
  await expect(page.getByTestId('reconcile-meta')).toContainText(/computed at \d{2}:\d{2}:\d{2}\.\d{3} in \d+ ms/);
  // Its age is said, so a result kept on screen never passes for a current one.
  await expect(page.getByTestId('reconcile-age')).toHaveText('just now');
  await expect(received).not.toHaveAttribute('data-count', '0');
  const before = Number(await received.getAttribute('data-count'));

  // Something new arrives while another tab is open: coming back shows it without a click.
  await history.tab('events');
  await app.api('sandbox.sendEvent', event(`rough-again-${Date.now()}`));
  await history.pollNow();
  await history.tab('reconcile');
  await expect(received).toHaveAttribute('data-count', String(before + 1));
});

test('a pasted key with a trailing space is trimmed and says so, a blank one is refused, and removing asks first', async ({ app, page }) => {
  await app.goto('settings');
  const section = page.getByTestId('settings-listener');
  const label = `trim-${Date.now()}`;
  await section.getByTestId('key-label').fill(label);
  await section.getByTestId('key-value').fill('rough-edges-key ');
  await section.getByTestId('add-key').click();
  await section.getByTestId('add-key-current').click();
  await expect(section.getByTestId('key-message')).toContainText('The key had a space after it; it was removed');

  // The trimmed key is the one that verifies: a delivery signed with it is valid.
  const status = await app.api<{ listener: { port: number } }>('app.status', {});
  const body = JSON.stringify({ orderId: label, type: 'Created' });
  const signature = createHmac('sha256', 'rough-edges-key').update(body).digest('base64');
  await fetch(`http://127.0.0.1:${status.listener.port}/webhooks`, { method: 'POST', headers: { 'X-Svc-Hmac-Sha256': signature }, body });
  type Listed = { rows: Array<{ orderId: string | null; signature: string }> };
  await expect.poll(async () => (await app.api<Listed>('live.list', { limit: 50 })).rows.find((d) => d.orderId === label)?.signature).toBe('valid');

  await section.getByTestId('key-value').fill('   ');
  await section.getByTestId('add-key').click();
  await section.getByTestId('add-key-current').click();
  await expect(section.getByTestId('key-message')).toContainText('The key is only whitespace');

  // Remove asks first and says what stops verifying; Cancel keeps the key.
  await section.getByTestId('remove-key-0').click();
  await expect(section.getByTestId('remove-key-warning')).toContainText(`Remove "${label}"? New deliveries signed with it will no longer verify`);
  await section.getByTestId('remove-key-no').click();
  await expect(section.getByTestId('remove-key-confirm')).toHaveCount(0);
  await expect(section.getByTestId('webhook-keys')).toContainText(label);
  await section.getByTestId('remove-key-0').click();
  await section.getByTestId('remove-key-yes').click();
  await expect(section.getByTestId('key-message')).toHaveText('Key removed');
  await expect(section.getByTestId('webhook-keys')).not.toContainText(label);
});
