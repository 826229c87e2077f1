import { readFileSync } from 'node:fs';
import { test, expect } from './support/fixtures';
import { FlowsPanel } from './pages/flows-panel';
import { callApi, signReplaysWithSandboxKey } from './support/api';
import { screenshotBothThemes } from './support/themes';
import { parseScenarioFile } from '../../shared/scenario/scenario-file';
import { startStatefulHandler } from '../fixtures/stateful-handler';

const EXPECT = ['orders.{orderId}.shipping=DELIVERED', 'orders.{orderId}.payments=1'];

test('Search for a failing order finds the shipping update a later payment wipes, shows the minimal sequence and saves it as a scenario file', async ({ app, page }) => {
  const webhookKey = await signReplaysWithSandboxKey(app.server);
  const { orderId } = await callApi<{ orderId: string }>(app.server, 'sandbox.runScenario', { name: 'shipping-delivered' });
  const buggy = await startStatefulHandler('payment-resets-shipping', webhookKey);
  try {
    const flows = await FlowsPanel.open(app);
    await flows.tab('chaos');
    await flows.searchFailingOrder(orderId, buggy, EXPECT);
    const found = page.getByTestId('fuzz-found');
    await expect(found).toBeVisible({ timeout: 45_000 });
    await expect(page.getByTestId('fuzz-search').getByTestId('job-state')).toHaveText('finished');
    await expect(found.getByTestId('fuzz-arrival')).toHaveCount(2);
    expect(await found.getByTestId('fuzz-arrival').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-type')))).toEqual(['Updated', 'SuccessPayment']);
    await expect(found.getByTestId('fuzz-arrival').first()).toContainText('Updated ON_ITS_WAY→DELIVERED');
    await expect(found.getByTestId('fuzz-differences')).toHaveText(`orders.{orderId}.shipping: expected "DELIVERED", the handler's state said "PENDING"`);
    await expect(found.getByTestId('fuzz-command')).toContainText("--expect 'orders.{orderId}.shipping=DELIVERED'");
    await screenshotBothThemes(page, 'failing-order-search', page.getByTestId('fuzz-search'));

    const [download] = await Promise.all([page.waitForEvent('download'), found.getByTestId('fuzz-save-scenario').click()]);
    expect(download.suggestedFilename()).toBe(`minimal-${orderId}.json`);
    const parsed = parseScenarioFile(readFileSync((await download.path())!, 'utf8'));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.file.events.map((e) => e.eventType)).toEqual(['Updated', 'SuccessPayment']);
    // Saved as recorded: the order's own id and event ids (each run sent them under fresh ones).
    expect(parsed.file.events.every((e) => JSON.parse(e.body!).orderId === orderId)).toBe(true);

    // The minimal sequence as a test in the user's suite, checking what the search expected.
    const [test] = await Promise.all([page.waitForEvent('download'), found.getByTestId('fuzz-make-regression-test').click()]);
    const text = readFileSync((await test.path())!, 'utf8');
    expect(text).toContain('orders.{orderId}.shipping');
    expect(text).toContain(buggy.stateUrl);
    await expect(found.getByTestId('fuzz-regression-command')).toContainText('npx vitest run');
  } finally {
    await buggy.close();
  }
});

test('Search for a failing order passes a correct handler, and Cancel stops a long search', async ({ app, page }) => {
  const webhookKey = await signReplaysWithSandboxKey(app.server);
  const { orderId } = await callApi<{ orderId: string }>(app.server, 'sandbox.runScenario', { name: 'shipping-delivered' });
  const correct = await startStatefulHandler('correct', webhookKey);
  try {
    const flows = await FlowsPanel.open(app);
    await flows.tab('chaos');
    await flows.searchFailingOrder(orderId, correct, EXPECT, 20);
    await expect(page.getByTestId('fuzz-passed')).toHaveText('No failure in 20 runs from seed 1.', { timeout: 45_000 });

    await page.getByTestId('fuzz-runs').fill('10000');
    await page.getByTestId('fuzz-run').click();
    const progress = page.getByTestId('fuzz-search').getByTestId('job-progress');
    await expect(progress).toHaveAttribute('data-state', 'running');
    await progress.getByTestId('job-cancel').click();
    await expect(page.getByTestId('fuzz-passed')).toContainText('(cancelled)');
    await expect(progress.getByTestId('job-state')).toHaveText('cancelled');
  } finally {
    await correct.close();
  }
});
