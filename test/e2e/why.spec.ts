import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect } from './support/fixtures';
import { SequencesPage } from './pages/sequences-page';
import { screenshotBothThemes } from './support/themes';

const created = (orderId: string) => ({
  event: {
    orderId,
    orderReference: null,
    orderType: 'FULL',
    description: 'e2e why',
    level: 'Info',
    type: 'Created',
    metadata: null,
  },
});

test('Why? on a stuck order names the cause with its evidence, and its fix button resends the event', async ({
  app,
  page,
}) => {
  const orderId = `e2e-why-${Date.now()}`;
  const info = await app.api<{ webhookUrl: string }>('sandbox.info', {});
  // The store's webhook points elsewhere (nothing listens there) while the order's event is sent.
  await app.api('sandbox.setWebhookUrl', { url: 'http://127.0.0.1:9/down' });
  await app.api('sandbox.sendEvent', created(orderId));
  await app.api('sandbox.setWebhookUrl', { url: info.webhookUrl });
  await app.api('history.pollNow', {});

  await app.goto('sequences');
  const sequences = new SequencesPage(page);
  await sequences.openOrder(orderId);
  const why = page.getByTestId('sequences-why');
  await why.getByTestId('sequences-why-ask').click();
  const cause = why.getByTestId('why-cause-other-url');
  await expect(cause).toContainText('http://127.0.0.1:9/down, which is not this Hooklab');
  await expect(cause.getByTestId('why-fix')).toContainText('hooklab resend');
  // Its evidence links the history delivery to the event in History.
  const historyLink = cause.locator('[data-testid^="why-link-history-"]').first();
  await expect(historyLink).toHaveAttribute('href', /#\/history\/events\/\d+/);
  await expect(why).toHaveAttribute('data-ok', 'false');
  await screenshotBothThemes(page, 'why-stuck-order', why);

  await cause.getByTestId('why-fix-other-url').click();
  await expect(why.getByTestId('why-note')).toContainText('Resent 1: 1 delivered');
  await expect(why).toHaveAttribute('data-ok', 'true');
  await expect(why.getByTestId('why-cause-ok')).toContainText(
    `Every event of order ${orderId} arrived`,
  );
  // The delivery that arrived is linked to its row in Live.
  await expect(why.locator('[data-testid^="why-link-delivery-"]').first()).toHaveAttribute(
    'href',
    /#\/live\/\d+/,
  );
  await screenshotBothThemes(page, 'why-resent-order', why);

  // A handler whose state says the order was cancelled: compared on request, the mismatch is the cause.
  const stateServer = createServer((_req, res) =>
    res
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ orders: { [orderId]: { status: 'CANCELLED' } } })),
  );
  await new Promise<void>((resolve) => stateServer.listen(0, '127.0.0.1', resolve));
  try {
    await why.getByTestId('sequences-why-state').locator('summary').click();
    await why
      .getByTestId('why-state-url')
      .fill(`http://127.0.0.1:${(stateServer.address() as AddressInfo).port}/state`);
    await why.getByTestId('sequences-why-ask').click();
    await expect(why.getByTestId('why-cause-state-mismatch')).toContainText(
      'Order status at status is CANCELLED, Hooklab derives PENDING',
    );
    await screenshotBothThemes(page, 'why-state-mismatch', why);
  } finally {
    await new Promise<void>((resolve) => stateServer.close(() => resolve()));
  }

  // The delivery that arrived, in Live: its own Why? says it got through.
  const { rows } = await app.api<{ rows: Array<{ id: number; orderId: string | null }> }>(
    'live.list',
    { limit: 20 },
  );
  const arrived = rows.find((r) => r.orderId === orderId)!;
  await page.evaluate(`window.location.hash = ${JSON.stringify(`#/live/${arrived.id}`)}`);
  const live = page.getByTestId('live-why');
  await live.getByTestId('live-why-ask').click();
  await expect(live).toHaveAttribute('data-ok', 'true');
  await screenshotBothThemes(page, 'why-live-delivery', live);
});
