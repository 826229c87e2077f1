import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { AppShell } from './pages/app-shell';
import { startServe, type ServeProcess } from './support/serve-process';

let serve: ServeProcess | null = null;
test.afterEach(async () => {
  await serve?.stop();
  serve = null;
});

test('a truncated settings file and a key sealed by the desktop app: the app starts and the status bar says what happened', async ({ page }) => {
  serve = await startServe([], { prepareDataDir: (dataDir) => {
    writeFileSync(join(dataDir, 'settings.json'), '{"listener":{"keys":[{"id":"storea","label":"store A"');
    // As the desktop app seals it (safeStorage ciphertext starts "v10"), unreadable here.
    writeFileSync(join(dataDir, 'secrets.json'), JSON.stringify({ 'webhookKey:storea': { sealedBy: 'safeStorage', value: Buffer.from('v10xxxx').toString('base64') } }));
  } });
  const app = new AppShell(page, serve);
  await app.open();
  const notices = page.getByTestId('status-data-notice');
  await expect(notices).toHaveCount(2);
  await expect(notices.nth(0)).toContainText('settings.json could not be read');
  await expect(notices.nth(0)).toContainText(`${serve.dataDir}/settings.json.broken-`);
  // The settings that named the key were lost, so the key is named by its id.
  await expect(notices.nth(1)).toHaveText("key 'storea' was sealed by the desktop app: open it there or enter it again.");
});
