import { readFileSync } from 'node:fs';
import { test, expect } from './support/fixtures';
import { FlowsPanel } from './pages/flows-panel';
import { callApi, signReplaysWithSandboxKey } from './support/api';
import { parseScenarioFile } from '../../shared/scenario/scenario-file';
import { startStatefulHandler } from '../fixtures/stateful-handler';
import { runHooklab } from '../support/hooklab-cli';

test('the chaos replay saves an order as a scenario file that `hooklab scenario run` plays against a handler, and opens it again', async ({ app, page }) => {
  const webhookKey = await signReplaysWithSandboxKey(app.server);
  const { orderId } = await callApi<{ orderId: string }>(app.server, 'sandbox.runScenario', { name: 'payment-link-paid' });
  const flows = await FlowsPanel.open(app);
  await flows.tab('chaos');
  await page.getByTestId('chaos-order').fill(orderId);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('chaos-save-scenario').click()]);
  expect(download.suggestedFilename()).toBe(`scenario-${orderId}.json`);
  const parsed = parseScenarioFile(readFileSync((await download.path())!, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.error);
  expect(parsed.file.source).toEqual({ orderId });
  expect(parsed.file.events.map((e) => e.eventType)).toContain('SuccessPayment');
  expect(parsed.file.events.every((e) => JSON.parse(e.body!).orderId === orderId)).toBe(true);

  const handler = await startStatefulHandler('correct', webhookKey);
  try {
    const run = await runHooklab(
      ['scenario', 'run', (await download.path())!, '--to', handler.url, '--speed', 'max', '--data-dir', app.server.dataDir, '--expect-state', handler.stateUrl, '--expect', `orders.${orderId}.payments=1`],
      { env: { HOOKLAB_WEBHOOK_KEY: webhookKey } },
    );
    expect(run.stderr).not.toMatch(/failed/);
    expect(run.code).toBe(0);
    expect(handler.received.map((r) => r.headers['x-svc-event-id'])).toEqual(parsed.file.events.map((e) => e.eventId));

    // Opened again in the chaos replay: the file's events go out (re-signed, ids kept), shuffled.
    const again = await startStatefulHandler('correct', webhookKey);
    try {
      await page.getByTestId('chaos-open-scenario').setInputFiles((await download.path())!);
      await expect(page.getByTestId('chaos-scenario')).toContainText(`${parsed.file.events.length} events`);
      await flows.runChaosAgainst(again);
      expect(new Set(again.received.map((r) => r.headers['x-svc-event-id']))).toEqual(new Set(parsed.file.events.map((e) => e.eventId)));
      expect(again.received.every((r) => r.status === 200)).toBe(true);
    } finally {
      await again.close();
    }
  } finally {
    await handler.close();
  }
});
