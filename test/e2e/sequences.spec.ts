import { test, expect } from './support/fixtures';
import type { Page } from '@playwright/test';
import { SandboxPage } from './pages/sandbox-page';
import { SequencesPage } from './pages/sequences-page';

/** Sends an event from the Sandbox area's custom-event editor, as a user would. */
async function sendCustomEvent(page: Page, event: Record<string, unknown>): Promise<void> {
  const sandbox = new SandboxPage(page);
  await page.getByTestId('custom-event-type').selectOption(String(event.type));
  const editor = page.locator('[data-testid="custom-event-editor"][data-ready="true"]');
  await expect(editor).toBeVisible();
  await editor.locator('.monaco-editor').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(JSON.stringify(event));
  // Monaco still auto-closes the first quote it is given: drop whatever follows the cursor.
  await page.keyboard.press('ControlOrMeta+Shift+End');
  await page.keyboard.press('Delete');
  await page.getByTestId('custom-event-send').click();
  await expect(sandbox.result).toHaveAttribute('data-state', 'done');
  await expect(sandbox.result.getByTestId('sandbox-result-row').last()).toContainText(String(event.type));
}

const updated = (orderId: string, from: string, to: string) => ({
  orderId,
  orderReference: null,
  orderType: 'FULL',
  description: `${from} -> ${to}`,
  level: 'Info',
  type: 'Updated',
  metadata: { PreviousStatus: from, NewStatus: to },
});

test('a skipped shipping step is flagged and drawn: reached states marked, the wrong step in red', async ({ app, page }) => {
  const orderId = `e2e-skip-${Date.now()}`;
  await app.goto('sandbox');
  await sendCustomEvent(page, updated(orderId, 'PENDING', 'ACCEPTED'));
  await sendCustomEvent(page, updated(orderId, 'ACCEPTED', 'DISPATCHED'));

  await app.goto('sequences');
  const sequences = new SequencesPage(page);
  await expect(sequences.row(orderId)).toContainText('skipped-step');
  await sequences.openOrder(orderId);

  await expect(sequences.flag('skipped-step')).toContainText('Shipping jumped ACCEPTED → DISPATCHED, skipping READY');
  await expect(page.getByTestId('state-shipping')).toContainText('DISPATCHED');
  await expect(sequences.timelineRows()).toHaveCount(2);
  await expect(sequences.timelineRows().nth(1)).toHaveAttribute('data-flags', 'skipped-step');

  await expect(sequences.diagram).toBeVisible();
  for (const state of ['PENDING', 'ACCEPTED', 'DISPATCHED'])
    await expect(sequences.node('shipping', state)).toHaveAttribute('data-reached', 'true');
  for (const state of ['READY', 'ON_ITS_WAY', 'DELIVERED'])
    await expect(sequences.node('shipping', state)).toHaveAttribute('data-reached', 'false');
  await expect(sequences.node('shipping', 'DISPATCHED')).toHaveAttribute('data-wrong', 'true');
  await expect(sequences.node('shipping', 'DISPATCHED')).toHaveAttribute('data-current', 'true');
  await expect(sequences.edge('shipping', 'ACCEPTED', 'DISPATCHED')).toHaveAttribute('data-kind', 'wrong');
  await expect(sequences.edge('shipping', 'PENDING', 'ACCEPTED')).toHaveAttribute('data-kind', 'taken');
  // Every colour comes from the stylesheet: the drawn diagram carries no style attribute.
  await expect(sequences.diagram.locator('[style]')).toHaveCount(0);

  // A new event of the open order arrives (sent by a script): the timeline follows live.
  await app.api('sandbox.sendEvent', { event: updated(orderId, 'DISPATCHED', 'ON_ITS_WAY') });
  await expect(sequences.timelineRows()).toHaveCount(3);
  await expect(sequences.node('shipping', 'ON_ITS_WAY')).toHaveAttribute('data-current', 'true');
});

test('a scenario order shows its derived states, diagram, payment and links', async ({ app, page }) => {
  await app.goto('sandbox');
  const sandbox = new SandboxPage(page);
  const result = await sandbox.runScenario('shipping-delivered');
  await expect(result.getByTestId('sandbox-result-row')).toHaveCount(7);
  const orderId = /Order (\S+)\./.exec((await result.textContent()) ?? '')?.[1] ?? '';
  expect(orderId).not.toBe('');

  await app.goto('sequences');
  const sequences = new SequencesPage(page);
  await sequences.openOrder(orderId);
  await expect(page.getByTestId('state-order')).toHaveText('PAID');
  await expect(page.getByTestId('state-shipping')).toContainText('DELIVERED');
  await expect(page.getByTestId('sequence-no-flags')).toBeVisible();
  for (const state of ['PENDING', 'ACCEPTED', 'READY', 'DISPATCHED', 'ON_ITS_WAY', 'DELIVERED'])
    await expect(sequences.node('shipping', state)).toHaveAttribute('data-reached', 'true');
  await expect(sequences.node('order', 'PAID')).toHaveAttribute('data-current', 'true');
  await expect(sequences.node('order', 'CANCELLED')).toHaveAttribute('data-reached', 'false');
  await expect(sequences.timelineRows()).toHaveCount(7);
  const first = sequences.timelineRows().first();
  await expect(first).toHaveAttribute('data-type', 'Created');
  const live = first.getByTestId('event-link-live');
  await expect(live).toHaveAttribute('href', /^#\/live\/\d+$/);
  await expect(first.getByTestId('event-link-replay-live')).toHaveAttribute('href', /^#\/replay\/live\/\d+$/);
  await expect(page.getByTestId('payment-totals')).toBeVisible();
});
