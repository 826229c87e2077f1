import { test, expect } from './support/fixtures';
import { HistoryPage } from './pages/history-page';

const event = (orderId: string) => ({
  event: { orderId, orderReference: null, orderType: 'FULL', description: 'rough edges', level: 'Info', type: 'Created', metadata: null },
});

test('the status bar writes its received and stored counts the same way (thousands grouped)', async ({ app, page }) => {
  const status = await app.api<{ listener: { port: number; received: number } }>('app.status', {});
  const target = `http://127.0.0.1:${status.listener.port}/webhooks`;
  // Enough unsigned deliveries to pass 1,000 received in this worker's run.
  const missing = Math.max(0, 1001 - status.listener.received);
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
  await expect(received).not.toHaveAttribute('data-count', '0');
  const before = Number(await received.getAttribute('data-count'));

  // Something new arrives while another tab is open: coming back shows it without a click.
  await history.tab('events');
  await app.api('sandbox.sendEvent', event(`rough-again-${Date.now()}`));
  await history.pollNow();
  await history.tab('reconcile');
  await expect(received).toHaveAttribute('data-count', String(before + 1));
});
