import { test, expect } from '@playwright/test';
import { AppShell } from './pages/app-shell';
import { startServe, type ServeProcess } from './support/serve-process';
import { screenshotBothThemes } from './support/themes';
import { startOfficialLocaltunnel, type OfficialLocaltunnel } from '../support/official-localtunnel';

// README's "Connect your real store" walked on docs/live.md's offline recipe: the official
// localtunnel server on loopback with the domain `localhost`, a `*.localhost` public URL that
// only Hooklab resolves, the sandbox playing the service. The walk stays within seconds of the
// tunnel opening (the tunnel client's idle local connections are another change's subject).

let serve: ServeProcess | null = null;
let tunnelServer: OfficialLocaltunnel | null = null;
test.afterEach(async () => {
  await serve?.stop();
  await tunnelServer?.close();
  serve = null;
  tunnelServer = null;
});


test("README's Connect your real store, offline, through the official localtunnel server", async ({ page }) => {
  test.setTimeout(90_000);
  tunnelServer = await startOfficialLocaltunnel({ domain: 'localhost' });
  serve = await startServe(['--sandbox-port', '0']);
  const app = new AppShell(page, serve);
  await app.open();

  // 1. Open a public URL: Settings → Public URL, the recipe's server, the box ticked, saved.
  await app.goto('settings');
  const card = page.getByTestId('settings-tunnel');
  await expect(card.getByRole('heading', { name: 'Public URL', exact: true })).toBeVisible();
  await card.getByLabel('Tunnel server (public or self-hosted)').fill(tunnelServer.host);
  await card.getByLabel('Open a localtunnel to the listener').check();
  await card.getByRole('button', { name: 'Save and apply', exact: true }).click();

  // 2. Read the verdict: the probe went out through the server and the tunnel and came back,
  // and the words say who can reach a `.localhost` address: only this machine.
  const publicUrl = page.getByTestId('status-tunnel-url');
  await expect(publicUrl).toHaveText(new RegExp(`^http://hooklab-[a-z0-9]+\\.localhost:${tunnelServer.port}$`));
  await expect(app.statusState('tunnel')).toHaveAttribute('data-state', 'open');
  await expect(page.getByTestId('status-probe-verdict')).toHaveText(/^this machine only · \d+ ms · /);
  await expect(app.statusPart('tunnel')).toHaveAttribute('title', /a probe came back to this Hooklab, but only this machine can reach this address: the service cannot/);
  // Settings' card: the periodic verdict in the same words, with the whole reason.
  await expect(card.getByTestId('public-url-verdict-text')).toHaveText(/^this machine only · \d+ ms · /);
  await expect(card.getByTestId('public-url-verdict-why')).toContainText('a probe came back to this Hooklab, but only this machine can reach this address: the service cannot');
  // The status bar stays one line.
  expect((await app.statusBar.boundingBox())!.height).toBeLessThan(40);
  const status = await app.api<{ listener: { probesAnswered: number } }>('app.status', {});
  expect(status.listener.probesAnswered).toBeGreaterThanOrEqual(1);

  // 3. Register it once: the public URL (status bar) into the portal (the sandbox plays it).
  const url = (await publicUrl.textContent())!.trim();
  await app.goto('sandbox');
  await page.getByTestId('sandbox-webhook-input').fill(url);
  await page.getByTestId('sandbox-webhook-save').click();
  await expect(page.getByTestId('sandbox-webhook-message')).toBeVisible();
  const scenarios = page.locator('.card', { has: page.getByRole('heading', { name: 'Scenarios' }) });
  await scenarios.getByRole('button', { name: '3ds-success' }).click();
  const result = page.getByTestId('sandbox-result');
  await expect(result).toHaveAttribute('data-state', 'done');
  for (const row of await result.getByTestId('sandbox-result-row').all()) await expect(row).toContainText('200');

  // The deliveries came through the tunnel: Live has them, with the public URL's Host.
  await app.goto('live');
  const rows = page.getByTestId('area-live').getByTestId('data-row');
  await expect(rows).toHaveCount(2);
  await rows.nth(0).click();
  await expect(page.getByTestId('delivery-detail')).toContainText(new URL(url).host);

  // Looked at in both themes: Settings' Public URL card and the status bar.
  await app.goto('settings');
  await expect(card.getByTestId('public-url-verdict-text')).toHaveText(/^this machine only/);
  await screenshotBothThemes(page, 'public-url-card', card);
  await screenshotBothThemes(page, 'status-bar', app.statusBar);
});
