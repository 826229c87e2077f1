import { test, expect } from './support/fixtures';
import { LivePage } from './pages/live-page';

// Monaco is most of the renderer (3.9 MB of 5.6 MB minified): Live must paint without it and
// fetch it only when a delivery's body needs an editor or a page opens one.
test('Live paints before Monaco is fetched; the editor loads when Replay first needs it', async ({ page, hooklab }) => {
  const monaco: string[] = [];
  page.on('request', (r) => {
    if (/monaco|CodeView|DiffView|BodyEditorMonaco|editor\.worker|json\.worker/.test(r.url())) monaco.push(r.url());
  });
  await page.goto(hooklab.openUrl);
  await expect(page.locator('body[data-app-ready="true"]')).toBeAttached();
  const live = new LivePage(page);
  await expect(live.root).toBeVisible();
  await expect(page.getByTestId('live-table')).toBeVisible();
  expect(monaco, 'Monaco chunks fetched before Live painted').toEqual([]);

  await page.getByTestId('nav-replay').click();
  await page.getByTestId('replay-template-open').click();
  await expect(page.getByTestId('replay-body-editor')).toHaveAttribute('data-ready', 'true');
  expect(monaco.some((u) => /monaco-setup/.test(u))).toBe(true);
});
