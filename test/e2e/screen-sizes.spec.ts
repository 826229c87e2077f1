import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { callApi } from './support/api';
import { screenshotBothThemes } from './support/themes';
import { seed } from './support/page-walk';
import { LivePage } from './pages/live-page';
import { ReplayPage } from './pages/replay-page';
import { SequencesPage } from './pages/sequences-page';
import { startOtelHandler } from '../fixtures/otel-handler';

// The pages a laptop shows (1280×800) and a larger screen (1440×900), in light and dark: they
// use the height, keep toolbars on one line, fit the trace into Replay's middle column, and
// axe finds nothing serious. Screenshots go to the test's output folder: look at them.
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;
const KEY = 'e2e-screen-sizes-key-0123456789';

/** Serious or critical axe findings on the page as it is now, in both themes; plus `label-title-only` (a best practice). */
async function axeProblems(page: Page, where: string): Promise<string[]> {
  const problems: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const scan = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    for (const v of scan.violations) {
      const serious = (v.impact === 'serious' || v.impact === 'critical') && !v.tags.includes('best-practice');
      if (!serious && v.id !== 'label-title-only') continue;
      problems.push(`${where} (${theme}): ${v.id} [${v.impact}] ${v.nodes.length}× ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return problems;
}

/** Children of `selector` whose top differs from the first one's: a toolbar that wrapped. */
function wrapped(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(`(() => {
    const items = [...document.querySelector(${JSON.stringify(selector)}).children].filter((el) => el.getBoundingClientRect().width > 0);
    const mid = (el) => { const r = el.getBoundingClientRect(); return r.top + r.height / 2; };
    const first = mid(items[0]);
    const bar = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect();
    return items.filter((el) => Math.abs(mid(el) - first) > 8 || el.getBoundingClientRect().right > bar.right + 1).map((el) => el.getAttribute('data-testid') || el.textContent.trim());
  })()`);
}

/** Elements under `root` that overflow the right edge of the nearest `card` ancestor. */
function outsideTheirCard(page: Page, root: string, card: string, items: string): Promise<string[]> {
  return page.evaluate(`[...document.querySelectorAll(${JSON.stringify(`${root} ${items}`)})]
    .filter((el) => el.getBoundingClientRect().right > el.closest(${JSON.stringify(card)}).getBoundingClientRect().right + 1)
    .map((el) => el.className + ': ' + el.textContent.trim().slice(0, 40))`);
}

for (const size of SIZES) {
  test(`at ${size.width}×${size.height}: Live, Sequences, Replay with a trace and Settings use the screen, light and dark`, async ({ app, page, hooklab }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(size);
    const name = (what: string) => `${what}-${size.width}x${size.height}`;
    const status = await callApi<{ listener: { url: string }; tracing: { endpoint: string } }>(hooklab, 'app.status', {});
    await callApi(hooklab, 'live.addKey', { label: 'e2e screen sizes', value: KEY });
    // An unverified delivery (no signature), so Live shows what it keeps apart.
    const unsigned = `unsigned-${size.width}-${Date.now()}`;
    await fetch(`${status.listener.url}webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-svc-event-id': '880001' },
      body: JSON.stringify({ orderId: unsigned, orderReference: null, orderType: 'FULL', description: 'd', level: 'Info', type: 'SuccessPayment', metadata: null }),
    });
    // Which columns Live shows with one short delivery: the same once longer ones arrive.
    const live = new LivePage(page);
    const columns = () => page.getByTestId('live-table').locator('[role="columnheader"]').allTextContents();
    await app.goto('live');
    await live.search(unsigned);
    await expect(live.rows).toHaveCount(1);
    const before = await columns();
    await seed(app, page);
    const problems: string[] = [];

    // Live: one toolbar line (with the Selected, Export and Import menus); the full placeholder;
    // the list takes the height a short detail leaves.
    await app.goto('live');
    await live.search('');
    await expect(live.rows.nth(5)).toBeVisible();
    const after = await columns();
    if (after.join() !== before.join()) problems.push(`Live columns changed with the content: ${before.length} then ${after.length}`);
    for (const w of await wrapped(page, '.live-toolbar')) problems.push(`Live toolbar wraps: ${w}`);
    const placeholderCut = await page.evaluate(`(() => {
      const input = document.querySelector('[data-testid="live-search"]');
      const style = getComputedStyle(input);
      const ctx = document.createElement('canvas').getContext('2d');
      ctx.font = style.fontSize + ' ' + style.fontFamily;
      return ctx.measureText(input.placeholder).width > input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    })()`);
    if (placeholderCut) problems.push('Live search placeholder is cut');
    const share = async () => {
      const split = (await live.split.boundingBox())!;
      const list = (await page.locator('.split__pane--first').boundingBox())!;
      return list.height / split.height;
    };
    const listShare = await share();
    if (listShare < 0.8) problems.push(`Live list takes ${Math.round(listShare * 100)}% of the split with no delivery open (the detail is one line)`);
    await live.open('SuccessPayment');
    await screenshotBothThemes(page, name('live'), page);
    problems.push(...(await axeProblems(page, 'Live')));
    await live.search(unsigned);
    await expect(live.rows).toHaveCount(1);
    // What an unverified delivery keeps apart is prose: not monospace, no word broken in two.
    await live.open();
    const note = await page.evaluate<{ font: string; wordBreak: string }>(
      `(() => { const s = getComputedStyle(document.querySelector('[data-testid="unverified-note"]')); return { font: s.fontFamily, wordBreak: s.wordBreak }; })()`,
    );
    if (/mono/i.test(note.font) || note.wordBreak === 'break-all') problems.push(`kept-apart prose is ${note.font}, word-break ${note.wordBreak}`);
    // Its event is in no history copy: the service cannot resend it.
    await expect(page.getByTestId('open-in-replay')).toBeVisible();
    await expect.soft(page.getByTestId('resend-from-service')).toHaveCount(0);
    const toneOf = (selector: string) => page.evaluate<string>(`getComputedStyle(document.querySelector(${JSON.stringify(selector)})).backgroundColor`);
    const liveTone = await toneOf('[data-testid="flag-unverified"]');

    // Sequences: the list uses the height, with or without an order open.
    const sequences = new SequencesPage(page);
    await app.goto('sequences');
    await expect(page.getByTestId('sequences-table').getByTestId('data-row').first()).toBeVisible();
    const listOf = async () => {
      const layout = (await page.getByTestId('sequences-orders').boundingBox())!;
      const table = (await page.getByTestId('sequences-table').boundingBox())!;
      return table.height / layout.height;
    };
    const alone = await listOf();
    if (alone < 0.75) problems.push(`Sequences list takes ${Math.round(alone * 100)}% with no order open`);
    await screenshotBothThemes(page, name('sequences-list'), page);
    const { orders } = await app.api<{ orders: Array<{ orderId: string; events: number }> }>('sequences.list', {});
    await sequences.openOrder([...orders].sort((a, b) => b.events - a.events)[0]!.orderId);
    const beside = await listOf();
    if (size.width < 1440 && beside < 0.3) problems.push(`Sequences list takes ${Math.round(beside * 100)}% with an order open`);
    await screenshotBothThemes(page, name('sequences-order'), page);
    // "unverified" is the same colour in Sequences as in Live.
    await sequences.openOrder(unsigned);
    const sequencesTone = await toneOf('[data-testid="event-signature"][data-signature="unverified"]');
    if (sequencesTone !== liveTone) problems.push(`"unverified" is ${liveTone} in Live but ${sequencesTone} in Sequences`);
    // "paid" is not plain beside it.
    await expect.soft(page.getByTestId('state-payment')).toHaveText('paid (unverified)');
    problems.push(...(await axeProblems(page, 'Sequences')));

    // Replay with a trace: the waterfall fits the middle column.
    const handler = await startOtelHandler(status.tracing.endpoint);
    try {
      await app.goto('replay');
      const replay = new ReplayPage(page);
      await replay.openTemplate('SuccessPayment');
      await replay.addTarget(`${handler.url}/webhooks/throws`);
      await replay.send();
      const trace = page.getByTestId('replay-result-trace').getByTestId('trace-waterfall');
      await expect(trace.locator('[data-testid="trace-span"][data-status="error"]').first()).toBeVisible();
      await expect(trace.getByTestId('span-exception').first()).toContainText('otel-express-handler.cjs');
      for (const o of await outsideTheirCard(page, '[data-testid="replay-result-trace"]', '.trace-span', '.trace-span__duration, .trace-span__row > .badge, .trace-span__exception pre'))
        problems.push(`trace: outside its card: ${o}`);
      const cut = await page.evaluate(`[...document.querySelectorAll('[data-testid="replay-result-trace"] .trace-span__service, [data-testid="replay-result-trace"] .trace-span__exception pre')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.className + ': ' + el.textContent.trim().slice(0, 40))`);
      for (const c of cut as string[]) problems.push(`trace: cut: ${c}`);
      await page.getByTestId('replay-result-trace').scrollIntoViewIfNeeded();
      await screenshotBothThemes(page, name('replay-trace'), page);
      problems.push(...(await axeProblems(page, 'Replay')));
    } finally {
      await handler.stop();
    }

    // Settings: the keys table's times are formatted, and every control has a label.
    await app.goto('settings');
    const added = page.getByTestId('webhook-keys').locator('tbody tr').first().locator('td').nth(2);
    await expect(added).not.toBeEmpty();
    expect.soft(await added.textContent(), 'the keys table says when a key was added in the one time format').not.toMatch(/\d{4}-\d\d-\d\dT/);
    await page.getByTestId('webhook-keys').scrollIntoViewIfNeeded();
    await screenshotBothThemes(page, name('settings'), page);
    problems.push(...(await axeProblems(page, 'Settings')));

    expect(problems, problems.join('\n')).toEqual([]);
  });
}
