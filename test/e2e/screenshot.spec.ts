import { fileURLToPath } from 'node:url';
import { test, expect } from './support/fixtures';
import { SandboxPage } from './pages/sandbox-page';

const target = fileURLToPath(new URL('../../docs-fragments/screenshot.png', import.meta.url));

// The README's screenshot: the real app, through the browser host, after a real scenario run.
test('writes the README screenshot', async ({ app, page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.goto('sandbox');
  const sandbox = new SandboxPage(page);
  await sandbox.runScenario('shipping-delivered');
  await expect(sandbox.result.getByTestId('sandbox-result-row')).toHaveCount(7);
  await sandbox.result.scrollIntoViewIfNeeded();
  await page.screenshot({ path: target });
});
