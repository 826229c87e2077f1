import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { callApi } from './support/api';
import { startHandler } from '../fixtures/handlers';
import { PAGE_VIEWS, seed } from './support/page-walk';
import { ReplayPage } from './pages/replay-page';

// The window a laptop gives: nothing scrolls sideways, no short value is cut, and Replay's
// answer shows without scrolling after Send.
const LAPTOP = { width: 1280, height: 800 };
const KEY = 'e2e-layout-key-0123456789';

/** Elements that scroll sideways (more content than width), among the tables and the page itself. */
function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(`[...document.querySelectorAll('.shell__main, .data-table, .seq-detail, .live-detail-host')]
    .filter((el) => el.scrollWidth > el.clientWidth + 1)
    .map((el) => (el.getAttribute('data-testid') || el.className) + ' ' + el.scrollWidth + '>' + el.clientWidth)`);
}

/**
 * Table cells whose text is cut: a value of 30 characters or fewer must fit; a longer one may
 * end with an ellipsis only when its cell's hover title has the whole text.
 */
function cutCells(page: Page): Promise<string[]> {
  return page.evaluate(`[...document.querySelectorAll('main .data-table__td, main td')]
    .filter((el) => el.scrollWidth > el.clientWidth + 1)
    .map((el) => ({ text: (el.textContent || '').trim(), title: el.getAttribute('title') || el.querySelector('[title]')?.getAttribute('title') || '' }))
    .filter((c) => c.text.length <= 30 || !c.title.includes(c.text.slice(0, 20)))
    .map((c) => c.text)`);
}

test('at 1280×800 no table in Live, History or Sequences scrolls sideways, and no short value is cut', async ({ app, page, hooklab }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(LAPTOP);
  // Long but legal values: the longest event type, a 30-character order id, and flags.
  const url = (await app.api<{ listener: { url: string } }>('app.status', {})).listener.url;
  const post = (eventId: number, type: string, orderId: string) =>
    fetch(`${url}layout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-svc-event-id': String(eventId), 'x-svc-event-created': new Date().toISOString() },
      body: JSON.stringify({ orderId, orderReference: null, orderType: 'FASTLINK_CHARGE', description: 'layout', level: 'Warning', type, metadata: null }),
    });
  await post(5000, 'ThreeDSecureAuthSucceeded', 'order-id-of-thirty-characters');
  await post(5000, 'ThreeDSecureAuthSucceeded', 'order-id-of-thirty-characters');
  // In the proportional font the longest ids are not the widest: four ids of 30 narrow letters,
  // then one of 29 characters, most of them digits, which must still fit.
  for (const [i, narrow] of ['illicit-little-tillit-illill-i', 'lilt-ill-fill-till-still-jilts', 'rill-lilt-tilt-silt-fill-kilts', 'hill-mill-pill-will-gill-dill-'].entries())
    await post(5001 + i, 'Created', narrow);
  await post(5005, 'Created', `e2e-layout-9-${Date.now()}000`);
  void hooklab;
  await seed(app, page);
  const problems: string[] = [];
  for (const view of PAGE_VIEWS.filter((v) => /^(live|history-(events|browser|reconcile)|sequences-orders)$/.test(v.name))) {
    await view.open(app, page);
    // History's per-type bars (delivered vs not) come from the poll the seed ran.
    if (view.name === 'history-events') await expect(page.getByTestId('history-type-bar').first()).toBeVisible();
    for (const s of await sidewaysScrollers(page)) problems.push(`${view.name}: scrolls sideways: ${s}`);
    for (const c of await cutCells(page)) problems.push(`${view.name}: cut: "${c}"`);
  }
  // The Sequences list without an open order shows every column.
  await page.evaluate(`window.location.hash = '#/sequences'`);
  await expect(page.getByTestId('sequences-table').getByTestId('data-row').first()).toBeVisible();
  for (const s of await sidewaysScrollers(page)) problems.push(`sequences list: scrolls sideways: ${s}`);
  for (const c of await cutCells(page)) problems.push(`sequences list: cut: "${c}"`);
  expect(problems, problems.join('\n')).toEqual([]);
});

test("at 1280×800 Replay's answer is in view after Send", async ({ app, page, hooklab }) => {
  await page.setViewportSize(LAPTOP);
  await callApi(hooklab, 'live.addKey', { label: 'e2e layout', value: KEY });
  const handler = await startHandler('correct', { key: KEY });
  try {
    await app.goto('replay');
    const replay = new ReplayPage(page);
    await replay.openTemplate();
    await replay.addTarget(handler.url);
    const answer = await replay.send();
    await expect(answer).toBeInViewport();
  } finally {
    await handler.close();
  }
});
