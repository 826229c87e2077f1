import { test, expect } from './support/fixtures';
import { SandboxPage } from './pages/sandbox-page';

test('the Sandbox area says what it is and shows the store, secrets only on request', async ({ app, page }) => {
  await app.goto('sandbox');
  const sandbox = new SandboxPage(page);
  await expect(sandbox.root.locator('h1')).toContainText('Sandbox');
  await expect(sandbox.root).toContainText('not the real service');
  await expect(page.getByTestId('sandbox-base-url')).toHaveText(/^http:\/\/127\.0\.0\.1:\d+$/);
  // From the API: the status bar's text runs the port into the received count (":4480915 received").
  const listenerPort = (await app.api<{ listener: { port: number } }>('app.status', {})).listener.port;
  await expect(page.getByTestId('sandbox-webhook-url')).toHaveText(`http://127.0.0.1:${listenerPort}/webhooks`);
  await expect(page.getByTestId('sandbox-webhookKey-hidden')).toBeVisible();
  await sandbox.revealSecrets();
  await expect(page.getByTestId('sandbox-clientSecret')).not.toBeEmpty();
  await expect(app.statusState('sandbox')).toHaveText('running');
});

test('running a scenario from the UI shows its deliveries, answered by the listener', async ({ app, page }) => {
  await app.goto('sandbox');
  const sandbox = new SandboxPage(page);
  const result = await sandbox.runScenario('order-cancelled');
  await expect(result.locator('h2')).toContainText('order-cancelled: 2 deliveries');
  const rows = result.getByTestId('sandbox-result-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Created');
  await expect(rows.nth(1)).toContainText('Cancelled');
  await expect(rows.nth(0)).toContainText('200');
});

test('a custom event is sent from the editor template', async ({ app, page }) => {
  await app.goto('sandbox');
  await page.getByTestId('custom-event-type').selectOption('PaymentError');
  await expect(page.locator('[data-testid="custom-event-editor"][data-ready="true"]')).toBeVisible();
  await page.getByTestId('custom-event-send').click();
  const result = page.getByTestId('sandbox-result');
  await expect(result).toHaveAttribute('data-state', 'done');
  await expect(result.getByTestId('sandbox-result-row')).toContainText('PaymentError');
});

test('chaos can be switched on and off', async ({ app, page }) => {
  await app.goto('sandbox');
  const chaos = page.getByTestId('sandbox-chaos');
  await expect(chaos).toHaveAttribute('data-active', 'false');
  await page.getByTestId('chaos-duplicateRate').fill('25');
  await page.getByTestId('chaos-apply').click();
  await expect(chaos).toHaveAttribute('data-active', 'true');
  await page.getByTestId('chaos-reset').click();
  await expect(chaos).toHaveAttribute('data-active', 'false');
  await expect(page.getByTestId('chaos-duplicateRate')).toHaveValue('0');
});

test('switching environments from the Sandbox area updates the status bar', async ({ app, page }) => {
  await app.call('settings.update', { environments: { active: 'prod' } });
  await expect(app.statusPart('environment')).toHaveText('Live: prod');
  await app.goto('sandbox');
  await page.getByTestId('use-sandbox').click();
  await expect(app.statusPart('environment')).toHaveText('Sandbox');
  await expect(page.getByTestId('sandbox-active')).toBeVisible();
  await page.getByTestId('switch-to-live').click();
  await expect(page).toHaveURL(/#\/settings\/environments$/);
});
