import { createHmac } from 'node:crypto';
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

test('unsigned deliveries sent before the real ones: each event shows its signature, the forged ones kept apart', async ({ app, page }) => {
  const key = 'e2e-trust-key';
  await app.api('live.addKey', { label: 'e2e trust', value: key });
  const { listener } = (await app.api('app.status', {})) as { listener: { url: string } };
  const stamp = Date.now();
  const orderId = `e2e-trust-${stamp}`;
  const onlyForged = `e2e-forged-${stamp}`;
  const body = (id: string, type: string) =>
    JSON.stringify({ orderId: id, orderReference: null, orderType: 'FULL', description: type, level: 'Info', type, metadata: type === 'SuccessPayment' ? {} : null });
  const send = async (text: string, eventId: number, created: string, signed: boolean) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Svc-Event-Id': String(eventId), 'X-Svc-Event-Created': created };
    if (signed) headers['X-Svc-Hmac-Sha256'] = createHmac('sha256', key).update(text).digest('base64');
    expect((await fetch(listener.url, { method: 'POST', body: text, headers })).ok).toBe(true);
  };
  const id = stamp % 1_000_000_000;
  await send(body(orderId, 'SuccessPayment'), id, '2026-02-01T10:00:00Z', false);
  await send(body(orderId, 'Created'), id, '2026-02-01T10:00:00Z', true);
  await send(body(onlyForged, 'SuccessPayment'), id + 1, '2026-02-01T10:00:00Z', false);

  await app.goto('sequences');
  const sequences = new SequencesPage(page);
  await sequences.openOrder(orderId);
  await expect(page.getByTestId('state-order')).toHaveText('PENDING');
  await expect(sequences.timelineRows()).toHaveCount(2);
  await expect(sequences.timelineRows().filter({ hasText: 'Created' }).getByTestId('event-signature')).toHaveAttribute('data-signature', 'verified');
  await expect(sequences.timelineRows().filter({ hasText: 'SuccessPayment' }).getByTestId('event-signature')).toHaveText('unverified');
  await expect(sequences.flag('unverified')).toContainText(`unverified copy of event ${id}`);
  await expect(page.getByTestId('order-unverified-only')).toHaveCount(0);

  // Never a verified state: the list, the detail and the diagram say the state is only claimed.
  await expect(sequences.row(onlyForged).getByTestId('order-unverified')).toHaveText('unverified: PAID claimed');
  await sequences.openOrder(onlyForged);
  await expect(page.getByTestId('order-unverified-only')).toBeVisible();
  await expect(page.getByTestId('state-order')).toHaveText('unverified: PAID claimed');
  await expect(page.getByTestId('state-order')).not.toHaveClass(/seq-status--paid/);
  await expect(page.getByTestId('diagram-machine-order')).toContainText('unverified: PAID claimed');
  await expect(page.getByTestId('diagram-node-order-PAID')).toHaveAttribute('data-claimed', 'true');
});


test("the orders list's filters and sort are in the URL: a reload, an opened order and the Flows tab keep them", async ({ app, page }) => {
  const prefix = `e2e-url-${Date.now()}`;
  const flagged = `${prefix}-flagged`;
  const clean = `${prefix}-clean`;
  await app.api('sandbox.sendEvent', { event: updated(flagged, 'PENDING', 'ACCEPTED') });
  await app.api('sandbox.sendEvent', { event: updated(flagged, 'ACCEPTED', 'DISPATCHED') });
  await app.api('sandbox.sendEvent', { event: { orderId: clean, orderReference: null, orderType: 'FULL', description: 'created', level: 'Info', type: 'Created', metadata: null } });
  await app.goto('sequences');
  const sequences = new SequencesPage(page);
  const rows = page.getByTestId('sequences-table').getByTestId('data-row');
  const shown = () => rows.evaluateAll((all) => all.map((r) => (r as unknown as { dataset: Record<string, string> }).dataset['rowId']));

  await page.getByTestId('sequences-filter-text').fill(prefix);
  await expect(page).toHaveURL(new RegExp(`#/sequences\\?q=${prefix}$`));
  await expect(rows).toHaveCount(2);
  // Text sorts ascending first, then descending.
  await page.getByTestId('sort-orderId').click();
  await expect(page).toHaveURL(/[?&]sort=orderId(&|$)/);
  await page.getByTestId('sort-orderId').click();
  await expect(page).toHaveURL(/[?&]sort=-orderId(&|$)/);
  await expect.poll(shown).toEqual([flagged, clean]);

  await page.reload();
  await app.waitForReady();
  await expect(page.getByTestId('sequences-filter-text')).toHaveValue(prefix);
  await expect(page.getByTestId('sort-orderId')).toContainText('▼');
  await expect.poll(shown).toEqual([flagged, clean]);

  await page.getByTestId('sequences-filter-flags').selectOption('flagged');
  await expect(page).toHaveURL(/[?&]flags=flagged(&|$)/);
  await expect.poll(shown).toEqual([flagged]);
  await page.reload();
  await app.waitForReady();
  await expect(page.getByTestId('sequences-filter-flags')).toHaveValue('flagged');
  await expect.poll(shown).toEqual([flagged]);

  // Opening an order, and the Flows tab and back, keep the list as it was.
  await sequences.row(flagged).click();
  await expect(page.locator(`[data-testid="sequence-order"][data-order-id="${flagged}"]`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#/sequences/${flagged}\\?flags=flagged&q=${prefix}&sort=-orderId$`));
  await page.getByTestId('sequences-tab-flows').click();
  await expect(page).toHaveURL(/#\/sequences\/flows$/);
  await page.getByTestId('sequences-tab-orders').click();
  await expect(page).toHaveURL(new RegExp(`#/sequences/${flagged}\\?flags=flagged&q=${prefix}&sort=-orderId$`));
  await expect(page.getByTestId('sequences-filter-text')).toHaveValue(prefix);
  await expect.poll(shown).toEqual([flagged]);
  // Back to the list unfiltered by hand: the URL says no filter.
  await page.getByTestId('sequences-filter-flags').selectOption('any');
  await expect.poll(shown).toEqual([flagged, clean]);
  await expect(page).not.toHaveURL(/flags=/);
});
