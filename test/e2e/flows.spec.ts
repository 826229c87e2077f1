import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { FlowsPanel } from './pages/flows-panel';
import { SequencesPage } from './pages/sequences-page';
import { callApi, signReplaysWithSandboxKey } from './support/api';
import { startChaosHandler } from '../integration/electron/features/flows/chaos-handler';

/** CSP violations Chromium reports (the frame must be admitted by frame-src, nothing else). */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}

test('3-D Secure card flow end to end: the challenge completed in the embedded frame, then the second charge; ThreeDSecureAuthSucceeded then SuccessPayment arrive', async ({ app, page }) => {
  const flows = await FlowsPanel.open(app);
  const violations = watchCsp(page);
  const reference = `e2e-3ds-${Date.now()}`;
  await flows.runCard('4000000000003220', reference);
  await expect(flows.outcomes.last()).toContainText('3-D Secure required');

  const bank = await flows.challenge();
  await bank.getByRole('button', { name: 'Autenticar' }).click();

  await expect(flows.outcomes.last()).toContainText('Paid: service order');
  await expect(flows.log).toHaveCount(3);
  await expect(flows.log.nth(2)).toContainText('Charge with the 3-D Secure authentication id');
  await expect(flows.log.nth(2)).toHaveAttribute('data-status', '200');
  // The log shows the card number's last four digits only, and no bearer value.
  const sent = flows.log.first().locator('pre').first();
  await expect(sent).toContainText('"number": "••• 3220"');
  await expect(sent).not.toContainText('4000000000003220');
  await expect(sent).toContainText('authorization: Bearer •••');

  await expect(flows.events.filter({ has: page.locator('text=SuccessPayment') })).toHaveCount(1);
  expect(await flows.eventTypes()).toEqual(['ThreeDSecureAuthSucceeded', 'SuccessPayment']);
  expect(violations).toEqual([]);

  // The same order in the Sequences view: both events on its timeline, in created order.
  const orderId = /Paid: service order (\d+)/.exec((await flows.outcomes.last().textContent()) ?? '')![1]!;
  const timeline = await flows.openTimeline(orderId);
  await expect(timeline).toHaveCount(2);
  await expect(timeline.nth(0)).toHaveAttribute('data-type', 'ThreeDSecureAuthSucceeded');
  await expect(timeline.nth(1)).toHaveAttribute('data-type', 'SuccessPayment');
});

test('a failed authentication is explained and sends no second charge', async ({ app }) => {
  const flows = await FlowsPanel.open(app);
  const reference = `e2e-3ds-fail-${Date.now()}`;
  await flows.runCard('4000000000003220', reference);
  const bank = await flows.challenge();
  // A forged SUCCESS message from another origin (here the page itself) must not count.
  const authenticationId = /"id": "(auth_[^"]+)"/.exec((await flows.log.nth(1).textContent()) ?? '')![1]!;
  await app.page.evaluate(
    (m) => (globalThis as unknown as { postMessage(d: unknown, o: string): void }).postMessage(m, '*'),
    { MessageType: 'authentication.complete', Status: 'SUCCESS', AuthenticationId: authenticationId, OrderId: reference, OrderAmount: 25.5 },
  );
  await expect(app.page.getByTestId('challenge')).toContainText('1 message from elsewhere ignored');
  await expect(flows.log).toHaveCount(2);
  await bank.getByRole('button', { name: 'Fallar autenticación' }).click();
  await expect(flows.outcomes.last()).toContainText('FAILED: The issuing bank did not authenticate the buyer');
  await expect(flows.events.first()).toHaveAttribute('data-type', 'ThreeDSecureAuthFailed');
  await expect(flows.log).toHaveCount(2);
  await expect(app.page.getByTestId('challenge-frame')).toHaveCount(0);
});

test('a declined card says why', async ({ app }) => {
  const flows = await FlowsPanel.open(app);
  await flows.runCard('4100000000000019', `e2e-fraud-${Date.now()}`);
  await expect(flows.outcomes.last()).toContainText('Charge failed with FRAUD_PREVENT');
  await expect(flows.events.first()).toHaveAttribute('data-type', 'PaymentError');
});

test('payment link: refused before sending, then created, paid and shipped one step with its events', async ({ app, page }) => {
  const flows = await FlowsPanel.open(app);
  await flows.tab('link');
  await page.getByTestId('link-reference').fill('r'.repeat(256));
  await page.getByTestId('link-metadata').fill('canal=web\nnota');
  await page.getByTestId('link-create').click();
  await expect(page.locator('[data-testid="problem-field"][data-field="orderReference"]')).toContainText('at most 255');
  await expect(page.locator('[data-testid="problem-field"][data-field="metadata[1].value"]')).toContainText('needs a value');
  await expect(flows.log).toHaveCount(0);
  await page.getByTestId('link-metadata').fill('canal=web');

  await page.getByTestId('link-reference').fill(`e2e-link-${Date.now()}`);
  await page.getByTestId('link-create').click();
  await expect(page.getByTestId('link-order-status')).toHaveText('PENDING');
  await page.getByTestId('order-pay').click();
  await expect(page.getByTestId('link-order-status')).toHaveText('PAID');
  await expect(page.getByTestId('order-ship-next')).toHaveText('Ship: PENDING → ACCEPTED');
  await page.getByTestId('order-ship-next').click();
  await expect(page.getByTestId('order-state')).toContainText('shipping ACCEPTED');
  await expect(flows.events).toHaveCount(3);
  expect(await flows.eventTypes()).toEqual(['Created', 'SuccessPayment', 'Updated']);
});

test("the sandbox's scenarios run from the same page", async ({ app, page }) => {
  const flows = await FlowsPanel.open(app);
  await flows.tab('scenarios');
  await page.getByTestId('scenario-3ds-success').click();
  await expect(page.getByTestId('sandbox-result')).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('sandbox-result-row')).toHaveCount(2);
});

test("chaos replay: a recorded order re-sent shuffled to a local handler, each answer listed, its state beside the derived one", async ({ app, page }) => {
  const webhookKey = await signReplaysWithSandboxKey(app.server);
  const handler = await startChaosHandler(webhookKey);
  try {
    const { orderId } = await callApi<{ orderId: string }>(app.server, 'sandbox.runScenario', { name: 'order-cancelled' });
    const flows = await FlowsPanel.open(app);
    await flows.tab('chaos');
    await page.getByTestId('chaos-order').fill(orderId);
    await page.getByTestId('chaos-seed').fill('11');
    await page.getByTestId('chaos-target').fill(`${handler.url}/webhooks`);
    await page.getByTestId('chaos-state-url').fill(`${handler.url}/state`);
    await page.getByTestId('chaos-run').click();
    await expect(page.getByTestId('chaos-derived-status')).toHaveText('CANCELLED');
    const sends = page.getByTestId('chaos-send');
    expect(await sends.count()).toBe(handler.received.length);
    expect(handler.received.length).toBeGreaterThanOrEqual(2);
    expect(handler.received.every((r) => r.signatureValid)).toBe(true);
    await expect(sends.first()).toContainText('200');
    await expect(page.getByTestId('chaos-handler-state')).toContainText(`"status": "${handler.state().status}"`);
  } finally {
    await handler.close();
  }
});

test("the Sequences and Flows tabs are in the URL: a reload keeps the flow, back returns to the one before and to Orders' open order", async ({ app, page }) => {
  const flows = await FlowsPanel.open(app);
  await expect(page).toHaveURL(/#\/sequences\/flows$/);
  await expect(flows.tabButton('card')).toHaveAttribute('aria-selected', 'true');
  await flows.tab('chaos');
  await expect(page).toHaveURL(/#\/sequences\/flows\/chaos$/);
  await page.reload();
  await app.waitForReady();
  await expect(flows.tabButton('chaos')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('chaos-replay')).toBeVisible();

  await flows.tab('link');
  await expect(page).toHaveURL(/#\/sequences\/flows\/link$/);
  await page.goBack();
  await expect(flows.tabButton('chaos')).toHaveAttribute('aria-selected', 'true');

  // An order opened in Orders is still open after a visit to Flows.
  const { orderId } = await callApi<{ orderId: string }>(app.server, 'sandbox.runScenario', { name: 'order-cancelled' });
  await new SequencesPage(page).openOrder(orderId);
  await expect(page.getByTestId('sequences-tab-orders')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('sequences-tab-flows').click();
  await expect(page).toHaveURL(/#\/sequences\/flows$/);
  await page.getByTestId('sequences-tab-orders').click();
  await expect(page).toHaveURL(new RegExp(`#/sequences/${encodeURIComponent(orderId)}$`));
  await expect(page.locator(`[data-testid="sequence-order"][data-order-id="${orderId}"]`)).toBeVisible();
});

test("chaos replay's handler field starts from the listener's forward target, and the run ends with a field-by-field verdict", async ({ app, page }) => {
  const webhookKey = await signReplaysWithSandboxKey(app.server);
  const handler = await startChaosHandler(webhookKey);
  try {
    const { orderId } = await callApi<{ orderId: string }>(app.server, 'sandbox.runScenario', { name: 'order-cancelled' });
    await callApi(app.server, 'settings.update', { listener: { forwardTargets: [`${handler.url}/webhooks`] } });
    const flows = await FlowsPanel.open(app);
    await flows.tab('chaos');
    await expect(page.getByTestId('chaos-target')).toHaveValue(`${handler.url}/webhooks`);
    await page.getByTestId('chaos-order').fill(orderId);
    await page.getByTestId('chaos-seed').fill('11');
    await page.getByTestId('chaos-state-url').fill(`${handler.url}/state`);
    handler.reset();
    await page.getByTestId('chaos-run').click();

    // The handler's status is judged against the derived CANCELLED, whichever way this seed ended.
    await expect(page.getByTestId('chaos-verdict')).toHaveAttribute('data-outcome', /^(agrees|differs)$/);
    const status = page.getByTestId('chaos-field-status');
    await expect(status).toHaveAttribute('data-outcome', handler.state().status === 'CANCELLED' ? 'same' : 'differs');
    await expect(page.getByTestId('chaos-derived-status')).toHaveText('CANCELLED');
    await expect(status).toContainText(handler.state().status ?? 'null');
    // The fixture reports no payment: not judged.
    await expect(page.getByTestId('chaos-field-payment')).toHaveAttribute('data-outcome', 'not-reported');
    await expect(page.getByTestId('chaos-verdict')).toHaveAttribute('data-outcome', handler.state().status === 'CANCELLED' ? 'agrees' : 'differs');
  } finally {
    await callApi(app.server, 'settings.update', { listener: { forwardTargets: [] } });
    await handler.close();
  }
});
