import { test, expect } from './support/fixtures';
import type { Locator, Page } from '@playwright/test';
import { chromiumExecutable } from '../support/chromium-path';
import { LivePage } from './pages/live-page';
import { SandboxPage } from './pages/sandbox-page';
import { SequencesPage } from './pages/sequences-page';

/**
 * The shared table (components/data-table) measured as a user sees it: headers over their
 * cells with a vertical scrollbar present, badges inside their cells, no horizontal scrollbar
 * at a normal window width, event types whole when their column has room.
 */

const NORMAL_WINDOW = { width: 1440, height: 900 };

async function listenerUrl(page: Page, api: <T>(name: string, data: object) => Promise<T>): Promise<string> {
  void page;
  return (await api<{ listener: { url: string } }>('app.status', {})).listener.url;
}

/** Enough deliveries for a vertical scrollbar, with the longest event type and two flags on some rows. */
async function fillLive(url: string): Promise<void> {
  const base = Date.parse('2026-01-01T12:00:00Z');
  const post = (eventId: number, createdMs: number, type: string, orderId: string) =>
    fetch(`${url}tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-svc-event-id': String(eventId), 'x-svc-event-created': new Date(createdMs).toISOString() },
      body: JSON.stringify({ orderId, orderReference: null, orderType: 'PAYMENT_LINK', description: 'tables', level: 'Warning', type, metadata: null }),
    });
  for (let i = 0; i < 40; i++) await post(1000 + i, base + i * 1000, 'ThreeDSecureAuthSucceeded', `order-with-a-long-id-${i}`);
  // A later event of order-0 first, then an earlier one twice: out-of-order, then also duplicate.
  await post(2000, base + 60_000, 'Updated', 'order-with-a-long-id-0');
  await post(999, base - 1000, 'ThreeDSecureAuthExpired', 'order-with-a-long-id-0');
  await post(999, base - 1000, 'ThreeDSecureAuthExpired', 'order-with-a-long-id-0');
}

/** Scroll and client sizes of an element (the e2e tsconfig has no DOM types). */
interface Sizes {
  readonly scrollWidth: number;
  readonly clientWidth: number;
  readonly scrollHeight: number;
  readonly clientHeight: number;
  readonly offsetWidth: number;
}
const sizes = (locator: Locator): Promise<Sizes> =>
  locator.evaluate((el) => {
    const e = el as unknown as Sizes;
    return { scrollWidth: e.scrollWidth, clientWidth: e.clientWidth, scrollHeight: e.scrollHeight, clientHeight: e.clientHeight, offsetWidth: e.offsetWidth };
  });

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
}

test.use({
  viewport: NORMAL_WINDOW,
  // Playwright hides scrollbars in headless Chromium; users have them, and they take room.
  launchOptions: {
    executablePath: chromiumExecutable(),
    args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    ignoreDefaultArgs: ['--hide-scrollbars'],
  },
});

test('Live table: headers align with cells under a vertical scrollbar, badges stay in their cells, no sideways scrollbar, whole event types', async ({ app, page }) => {
  await fillLive(await listenerUrl(page, (n, d) => app.api(n, d)));
  const live = new LivePage(page);
  await app.goto('live');
  await live.search('tables');
  await expect(live.count).toContainText('43');
  const table = page.getByTestId('live-table');
  const body = page.getByTestId('live-table-body');

  // A vertical scrollbar is there (what used to shift the cells against the headers).
  const scroll = await sizes(body);
  expect(scroll.scrollHeight).toBeGreaterThan(scroll.clientHeight);
  expect(scroll.offsetWidth, 'the scrollbar takes room').toBeGreaterThan(scroll.clientWidth);

  const headers = table.getByRole('columnheader');
  const cells = live.rows.first().getByRole('gridcell');
  const n = await headers.count();
  expect(await cells.count()).toBe(n);
  for (let i = 0; i < n; i++) {
    const h = await box(headers.nth(i));
    const c = await box(cells.nth(i));
    expect.soft(Math.abs(h.x - c.x), `column ${i} x`).toBeLessThanOrEqual(1);
    expect.soft(Math.abs(h.width - c.width), `column ${i} width`).toBeLessThanOrEqual(1);
  }

  // Every badge (signature and flags, two flags on one row) inside its own cell.
  const flagged = live.rows.filter({ has: page.getByTestId('flag-duplicate') }).first();
  await expect(flagged.getByTestId('flag-out-of-order')).toBeVisible();
  for (const row of [flagged, live.rows.first()]) {
    const rowCells = row.getByRole('gridcell');
    for (let i = 0; i < n; i++) {
      const cell = await box(rowCells.nth(i));
      for (const badge of await rowCells.nth(i).locator('.badge').all()) {
        const b = await box(badge);
        expect.soft(b.x, `badge in column ${i}`).toBeGreaterThanOrEqual(cell.x - 0.5);
        expect.soft(b.x + b.width, `badge in column ${i}`).toBeLessThanOrEqual(cell.x + cell.width + 0.5);
      }
    }
  }

  // No horizontal scrollbar at a normal window width, with the detail closed.
  const sideways = await sizes(table);
  expect(sideways.scrollWidth).toBe(sideways.clientWidth);

  // Nor at 1280 px, the smallest common laptop width.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(async () => ((s) => s.scrollWidth - s.clientWidth)(await sizes(table))).toBe(0);
  await page.setViewportSize(NORMAL_WINDOW);

  // The longest event type is shown whole: its column has room.
  const typeCell = live.rows.first().getByRole('gridcell').nth(2);
  await expect(typeCell).toHaveText(/ThreeDSecureAuth/);
  const typeSizes = await sizes(typeCell);
  const cut = typeSizes.scrollWidth > typeSizes.clientWidth;
  expect(cut).toBe(false);

  // Every column's name is whole in its header (they were cut to "Even…" and "Ans…").
  for (const label of await table.getByRole('columnheader').getByRole('button').all()) {
    const name = (await label.textContent()) ?? '';
    if (name === '') continue;
    const labelSizes = await sizes(label);
    expect.soft(labelSizes.scrollWidth, `header "${name}"`).toBeLessThanOrEqual(labelSizes.clientWidth);
  }
});

test('Sequences timeline: every row shows its Open links, inside the pane, without a sideways scrollbar', async ({ app, page }) => {
  await app.goto('sandbox');
  const result = await new SandboxPage(page).runScenario('shipping-delivered');
  await expect(result.getByTestId('sandbox-result-row')).toHaveCount(7);
  const orderId = /Order (\S+)\./.exec((await result.textContent()) ?? '')?.[1] ?? '';
  await app.goto('sequences');
  const sequences = new SequencesPage(page);
  await sequences.openOrder(orderId);
  await expect(sequences.timelineRows()).toHaveCount(7);

  const timeline = page.getByTestId('sequence-timeline');
  const pane = await box(timeline);
  const header = await box(timeline.getByRole('columnheader', { name: 'Open' }));
  expect(header.x + header.width).toBeLessThanOrEqual(pane.x + pane.width + 0.5);
  for (const row of await sequences.timelineRows().all()) {
    const link = row.getByTestId('event-link-live');
    await link.scrollIntoViewIfNeeded();
    const b = await box(link);
    expect.soft(b.x + b.width, 'Open link inside the timeline').toBeLessThanOrEqual(pane.x + pane.width + 0.5);
    // A trial click checks that the link itself would receive it: not cut off, not covered.
    await link.click({ trial: true });
  }
  const timelineSizes = await sizes(timeline);
  expect(timelineSizes.scrollWidth).toBe(timelineSizes.clientWidth);

  // The orders list shows the order's last activity and its type whole (FASTLINK_CHARGE).
  await app.goto('sandbox');
  const link = await new SandboxPage(page).runScenario('payment-link-paid');
  const linkOrder = /Order (\S+)\./.exec((await link.textContent()) ?? '')?.[1] ?? '';
  await app.goto('sequences');
  const row = sequences.row(linkOrder);
  await expect(row).toBeVisible();
  // The list leaves out its least needed columns (Type last) rather than scroll sideways when
  // other tests' orders in this worker make it tight; then the order's detail names the type.
  if ((await page.getByTestId('sequences-table').getByRole('columnheader', { name: 'Type' }).count()) > 0) {
    await expect(row).toContainText('FASTLINK_CHARGE');
  } else {
    await sequences.openOrder(linkOrder);
    await expect(page.locator('body')).toContainText('FASTLINK_CHARGE');
  }
  for (const cell of (await row.getByRole('gridcell').all()).slice(0, 3)) {
    const cellSizes = await sizes(cell);
    expect.soft(cellSizes.scrollWidth, `"${await cell.textContent()}" whole`).toBeLessThanOrEqual(cellSizes.clientWidth);
  }
});
