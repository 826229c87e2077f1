import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { AppShell } from './pages/app-shell';
import { startServe } from './support/serve-process';
import { callApi } from './support/api';

test('Settings shows the active hooklab.config.json and its routes, read-only', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'hooklab-e2e-config-'));
  const file = join(dir, 'hooklab.config.json');
  writeFileSync(file, JSON.stringify({ routes: { SuccessPayment: ['http://localhost:3000/pay', 'http://localhost:4000/audit'], '*': 'http://localhost:3000/all' }, environment: 'staging' }));
  const serve = await startServe([], { env: { HOOKLAB_CONFIG: file } });
  try {
    const app = new AppShell(page, serve);
    await app.open();
    await app.goto('settings');
    const panel = page.getByTestId('settings-project-config');
    await expect(panel.getByTestId('project-config-path')).toHaveText(file);
    const routes = panel.getByTestId('project-config-routes');
    await expect(routes).toContainText('SuccessPayment');
    await expect(routes).toContainText('http://localhost:3000/pay, http://localhost:4000/audit');
    await expect(routes).toContainText('* (every other type)');
    await expect(panel).toContainText('Environment: staging');
    await expect(panel.locator('input, textarea, button')).toHaveCount(0);

    // Per-type forward routes in effect (a listen with a config left them) are shown too.
    await callApi(serve, 'settings.update', { listener: { forwardRoutes: { Cancelled: ['http://localhost:5000/cancel'] } } });
    await expect(panel.getByTestId('listener-forward-routes')).toContainText('Cancelled → http://localhost:5000/cancel');

    // A mistake in the file is shown by its path, not hidden.
    writeFileSync(file, JSON.stringify({ routes: { SuccessPayment: ['ftp://x'] } }));
    await page.reload();
    await app.goto('settings');
    await expect(page.getByTestId('project-config-error')).toContainText('routes.SuccessPayment[0]: not an http(s) URL');
  } finally {
    await serve.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
