import { fileURLToPath } from 'node:url';
import { test, expect } from './support/fixtures';
import { PAGE_VIEWS, seed } from './support/page-walk';

// The pictures of docs/ui.md: each shared component as the app's own stylesheet draws it, in
// light and dark. A test run writes them under test-results/ (ignored); with
// HOOKLAB_UPDATE_SCREENSHOT=1 it replaces the committed ones in docs/ui/.
const target = (name: string) =>
  fileURLToPath(new URL(process.env['HOOKLAB_UPDATE_SCREENSHOT'] === '1' ? `../../docs/ui/${name}.png` : `../../test-results/ui-docs/${name}.png`, import.meta.url));

// The markup each component in renderer/src/components/ui renders (kept in step by hand: the
// classes are the components' whole look).
const GALLERY: Record<string, string> = {
  buttons: `<button class="button button--primary">Send</button> <button class="button button--secondary">Export all</button> <button class="button button--quiet">Clear range</button> <button class="button button--secondary" disabled>Export selected (0)</button>`,
  badges: ['valid', 'invalid', 'missing', 'unverified', 'duplicate', 'Info', 'Warning', 'Error', 'PENDING', 'PAID', 'CANCELLED', 'FINALIZED', 'sandbox']
    .map((w) => {
      const tone = ({ valid: 'ok', PAID: 'ok', invalid: 'error', Error: 'error', CANCELLED: 'error', Info: 'info', FINALIZED: 'info', sandbox: 'sandbox' } as Record<string, string>)[w] ?? 'warn';
      return `<span class="badge badge--${tone}">${w}</span>`;
    })
    .join(' '),
  notices: `<div class="notice-list"><div class="notice notice--warn"><span class="notice__icon">▲</span><span class="notice__text">duplicate: event 7 came 5 times</span><span class="notice__count">×7</span></div><div class="notice notice--error"><span class="notice__icon">!</span><span class="notice__text">The listener could not bind port 4780: it is in use.</span></div><div class="notice notice--info"><span class="notice__icon">i</span><span class="notice__text">No flag: the events follow the spec's order, once each.</span></div></div>`,
  card: `<section class="card"><header class="card__header"><h2 class="card__title">Retention</h2><div class="card__actions"><button class="button button--secondary">Reset</button></div></header><p class="muted">The oldest deliveries are removed first. Stored now: 5,074 deliveries, 7.1 MiB.</p></section>`,
  toolbar: `<div class="toolbar" role="toolbar"><div class="toolbar__start"><input type="search" placeholder="Search deliveries" /><span class="muted">5,074 deliveries</span></div><div class="toolbar__end"><button class="button button--secondary">Export all</button><button class="button button--primary">Save filter</button></div></div>`,
  'empty-state': `<div class="empty-state"><p class="empty-state__title">No deliveries yet</p><div class="empty-state__text">Point the service's webhook URL at the listener, or send one from the Sandbox.</div><div class="empty-state__action"><button class="button button--primary">Open the Sandbox</button></div></div>`,
};

for (const theme of ['light', 'dark'] as const) {
  test(`component pictures for docs/ui.md (${theme})`, async ({ app, page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: theme });
    await seed(app, page);
    for (const [name, html] of Object.entries(GALLERY)) {
      await page.evaluate(
        `(() => { document.getElementById('ui-doc')?.remove(); const d = document.createElement('div'); d.id = 'ui-doc'; d.className = 'page'; d.style.cssText = 'position:fixed;inset:0 auto auto 0;width:760px;z-index:99;background:var(--bg)'; d.innerHTML = ${JSON.stringify(html)}; document.body.append(d); })()`,
      );
      await page.locator('#ui-doc').screenshot({ path: target(`${name}-${theme}`) });
    }
    await page.evaluate(`document.getElementById('ui-doc')?.remove()`);
    // The table and the activity strip, as Live shows them.
    await PAGE_VIEWS.find((v) => v.name === 'live')!.open(app, page);
    await expect(page.getByTestId('live-activity')).toHaveAttribute('data-state', 'ready');
    await page.getByTestId('live-activity').screenshot({ path: target(`activity-strip-${theme}`) });
    await page.getByTestId('live-table').screenshot({ path: target(`table-${theme}`) });
  });
}
