import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { test, expect } from './support/fixtures';
import { LivePage } from './pages/live-page';
import { callApi as call } from './support/api';
import { startOtelHandler } from '../fixtures/otel-handler';

// Written under test-results/ (ignored); HOOKLAB_UPDATE_SCREENSHOT=1 replaces the ones docs/tracing.md shows.
const target = (name: string) =>
  fileURLToPath(new URL(process.env['HOOKLAB_UPDATE_SCREENSHOT'] === '1' ? `./screenshots/${name}` : `../../test-results/${name}`, import.meta.url));

const KEY = 'e2e-tracing-key';

test("Live's detail shows the handler's spans as a waterfall, the error span open with its message and stack", async ({ app, page, hooklab }) => {
  const status = (await call(hooklab, 'app.status', {})) as { listener: { url: string }; tracing: { endpoint: string } };
  const handler = await startOtelHandler(status.tracing.endpoint);
  try {
    await call(hooklab, 'live.addKey', { label: 'e2e', value: KEY });
    await call(hooklab, 'settings.update', { listener: { forwardTargets: [`${handler.url}/webhooks/throws`] } });
    const orderId = `trace-${Date.now()}`;
    const body = JSON.stringify({ orderId, orderReference: null, orderType: 'FULL', description: 'd', level: 'Info', type: 'SuccessPayment', metadata: null });
    await fetch(`${status.listener.url}orders`, {
      method: 'POST',
      body,
      headers: { 'X-Svc-Hmac-Sha256': createHmac('sha256', KEY).update(body).digest('base64'), 'X-Svc-Event-Id': '7001' },
    });

    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.emulateMedia({ colorScheme: 'light' });
    const live = new LivePage(page);
    await app.goto('live');
    await live.search(orderId);
    await live.open('SuccessPayment');
    const waterfall = page.getByTestId('trace-waterfall');
    await expect(waterfall).toBeVisible();
    const error = waterfall.locator('[data-testid="trace-span"][data-status="error"]').filter({ hasText: 'charge-customer' });
    await expect(error).toHaveAttribute('open', '');
    await expect(error.getByTestId('span-exception')).toContainText('card store unavailable');
    await expect(error.getByTestId('span-exception')).toContainText('otel-express-handler.cjs');
    await expect(waterfall.getByTestId('trace-span').filter({ hasText: /^webhook-fixture\s*POST/ }).first()).toBeVisible();
    // Attributes only on demand.
    const attributes = error.getByTestId('span-attributes');
    await expect(attributes).not.toHaveAttribute('open', '');
    await page.getByTestId('forward-trace').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: target('tracing-light.png') });

    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html[data-theme="dark"]')).toBeAttached();
    await page.screenshot({ path: target('tracing-dark.png') });

    // Settings say where the receiver is and what a handler's environment needs.
    await app.goto('settings');
    await expect(page.getByTestId('tracing-endpoint')).toContainText(`OTEL_EXPORTER_OTLP_ENDPOINT=${status.tracing.endpoint}`);
    await expect(page.getByTestId('tracing-enabled')).toBeChecked();
  } finally {
    await handler.stop();
  }
});
