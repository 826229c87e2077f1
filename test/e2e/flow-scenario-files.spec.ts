import { readFileSync, writeFileSync } from 'node:fs';
import { test, expect } from './support/fixtures';
import { FlowsPanel } from './pages/flows-panel';
import { callApi, signReplaysWithSandboxKey } from './support/api';
import { parseScenarioFile } from '../../shared/scenario/scenario-file';
import type { DeliveryDetail, DeliverySummary } from '../../shared/contract/live';
import { startStatefulHandler } from '../fixtures/stateful-handler';

test("a 3-D Secure card flow's order saves as a scenario file of exactly its received events, which opens in the chaos replay and runs against a handler", async ({ app, page }, testInfo) => {
  const flows = await FlowsPanel.open(app);
  await expect(page.getByTestId('flow-save-scenario')).toBeDisabled();
  await flows.runCard('4000000000003220', `e2e-3ds-scenario-${Date.now()}`);
  const bank = await flows.challenge();
  await bank.getByRole('button', { name: 'Autenticar' }).click();
  await expect(flows.outcomes.last()).toContainText('Paid: service order');
  const orderId = /Paid: service order (\d+)/.exec((await flows.outcomes.last().textContent()) ?? '')![1]!;
  // Saved once both webhooks are in: the file is what the listener received by then.
  await expect(flows.events).toHaveCount(2);

  const download = await flows.saveScenario();
  expect(download.suggestedFilename()).toBe(`scenario-${orderId}.json`);
  // Kept under its suggested name: the chaos replay shows the name the file was opened by.
  const path = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(path);
  const parsed = parseScenarioFile(readFileSync(path, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.error);
  expect(parsed.file.source).toEqual({ orderId });

  // The order's received deliveries, read independently through the API, in arrival (id) order.
  const { rows } = await callApi<{ rows: DeliverySummary[] }>(app.server, 'live.list', { limit: 1000 });
  const ids = rows.filter((r) => r.orderId === orderId).map((r) => r.id).sort((a, b) => a - b);
  const received = await Promise.all(ids.map((id) => callApi<DeliveryDetail>(app.server, 'live.get', { id })));
  expect(received.map((d) => d.summary.eventType)).toEqual(['ThreeDSecureAuthSucceeded', 'SuccessPayment']);
  expect(parsed.file.events.map((e) => e.eventType)).toEqual(['ThreeDSecureAuthSucceeded', 'SuccessPayment']);
  expect(parsed.file.events.map((e) => e.body)).toEqual(received.map((d) => d.bodyText));
  expect(parsed.file.events.map((e) => e.headers)).toEqual(received.map((d) => d.headers));
  expect(parsed.file.events.map((e) => e.eventId)).toEqual(received.map((d) => String(d.summary.eventId)));

  // Something else opened from the flow is refused there, and the flow stays.
  const notScenario = testInfo.outputPath('notes.json');
  writeFileSync(notScenario, '{"orderId":"1"}');
  await flows.openScenario(notScenario);
  await expect(flows.root.getByTestId('flow-scenario-files')).toContainText('notes.json: not a Hooklab scenario file');
  await expect(flows.tabButton('card')).toHaveAttribute('aria-selected', 'true');

  // The saved file opened from the flow: the chaos replay shows with it loaded, and runs it.
  await flows.openScenario(path);
  await expect(page).toHaveURL(/#\/sequences\/flows\/chaos$/);
  await expect(flows.tabButton('chaos')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('chaos-scenario')).toContainText(`${download.suggestedFilename()}: 2 events`);
  await expect(page.getByTestId('chaos-order')).toHaveValue(orderId);

  const webhookKey = await signReplaysWithSandboxKey(app.server);
  const handler = await startStatefulHandler('correct', webhookKey);
  try {
    await flows.runChaosAgainst(handler);
    expect(new Set(handler.received.map((r) => r.headers['x-svc-event-id']))).toEqual(new Set(parsed.file.events.map((e) => e.eventId)));
    expect(handler.received.every((r) => r.status === 200)).toBe(true);
  } finally {
    await handler.close();
  }
});
