import { test, expect } from './support/fixtures';
import { LivePage } from './pages/live-page';

const LIMIT = 32 * 1024 * 1024;

// The host is shared by every test of this worker: put the default limit back.
test.afterEach(async ({ app }) => {
  await app.api('settings.update', { listener: { bodyLimitBytes: 5 * 1024 * 1024 } });
});

test('a 20 MB body shows its type and order in the table, opens with its first part, and the rest on demand', async ({ app, page }) => {
  await app.api('settings.update', { listener: { bodyLimitBytes: LIMIT } });
  const { listener } = await app.api<{ listener: { url: string } }>('app.status', {});
  // Over 16 MiB, with the fields after the bulk, as a large event with big metadata would be.
  const body = `{"metadata":{"blob":"${'x'.repeat(20_000_000)}"},"type":"SuccessPayment","orderId":"huge-order-1","level":"Info","orderType":"FULL","orderReference":null,"description":"END-OF-BODY"}`;
  const res = await fetch(`${listener.url}huge-body`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
  expect(res.status).toBe(200);

  const live = new LivePage(page);
  await app.goto('live');
  await live.search('huge-body');
  await expect(live.rows).toHaveCount(1);
  await expect(live.rows).toContainText('SuccessPayment');
  await expect(live.rows).toContainText('huge-order-1');

  await live.open();
  const partial = page.getByTestId('body-partial');
  await expect(partial).toContainText(`Showing the first 262,144 of ${body.length.toLocaleString('en-US')} bytes`);
  await expect(page.getByTestId('detail-body')).toContainText('{"metadata":{"blob":"xxxx');
  await expect(page.getByTestId('body-label')).toContainText(`${body.length.toLocaleString('en-US')} bytes`);

  // Loading and drawing all 20 MB takes seconds (test/bench/live-detail.ts): only on demand.
  test.setTimeout(120_000);
  await page.getByTestId('body-all').click();
  await expect(partial).toHaveCount(0, { timeout: 60_000 });
  // Whole now: pretty printing works again and the end of the body is there.
  await expect(page.getByTestId('body-view-pretty')).toBeEnabled({ timeout: 30_000 });
  await page.getByTestId('body-view-raw').click();
  const tail = await page.getByTestId('detail-body').evaluate((el) => ((el as unknown as { textContent: string }).textContent ?? '').slice(-40));
  expect(tail).toContain('"description":"END-OF-BODY"}');
});
