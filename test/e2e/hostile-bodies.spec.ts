import { test, expect } from './support/fixtures';
import { LivePage } from './pages/live-page';
import { ReplayPage } from './pages/replay-page';
import { SequencesPage } from './pages/sequences-page';
import { callApi as call } from './support/api';

async function listenerUrl(hooklab: Parameters<typeof call>[0]): Promise<string> {
  return ((await call(hooklab, 'app.status', {})) as { listener: { url: string } }).listener.url;
}

test('a small body nested thousands deep: Live says why there is no pretty view, Replay says it cannot check it', async ({ app, page, hooklab }) => {
  const marker = `deep-${Date.now()}`;
  // Under 16 KB, 7,000 levels: its pretty form would be tens of millions of characters.
  const body = `{"orderId":"${marker}","type":"Created","metadata":${'['.repeat(7_000)}${']'.repeat(7_000)}}`;
  expect(body.length).toBeLessThan(16 * 1024);
  await fetch(`${await listenerUrl(hooklab)}deep`, { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });

  const live = new LivePage(page);
  await app.goto('live');
  await live.search(marker);
  await expect(live.rows).toHaveCount(1);
  await live.open();
  await expect(page.getByTestId('body-no-pretty')).toHaveText(
    'No pretty view: nested 7,001 levels deep (the pretty view lays out at most 100): shown raw',
  );
  await expect(page.getByTestId('body-view-pretty')).toBeDisabled();
  await expect(page.getByTestId('detail-body')).toContainText(marker);

  await page.getByTestId('open-in-replay').click();
  const replay = new ReplayPage(page);
  await expect(replay.editor).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('replay-unchecked')).toContainText('nested 7,001 levels deep: the editor cannot check it against the event schema');
});

test('bidi controls a sender put in the order id and the body are shown inert', async ({ app, page, hooklab }) => {
  const marker = `bidi-${Date.now()}`;
  const body = JSON.stringify({ orderId: `${marker}\u202Egnp.exe`, type: 'Created', description: 'safe\u2066text\u2069' });
  await fetch(`${await listenerUrl(hooklab)}bidi`, { method: 'POST', body });

  const live = new LivePage(page);
  await app.goto('live');
  await live.search(marker);
  await expect(live.rows.first()).toContainText(`${marker}[U+202E]gnp.exe`);
  await live.open();
  const shown = (await page.getByTestId('detail-body').textContent()) ?? '';
  expect(shown).toContain('[U+202E]gnp.exe');
  expect(shown).toContain('safe[U+2066]text[U+2069]');
  expect(shown).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
});

test('an order id longer than 200 characters, with bidi controls in its events, opens in Sequences and shows them inert', async ({ app, page, hooklab }) => {
  const marker = `long-${Date.now()}-`;
  const orderId = marker + 'L'.repeat(300);
  for (const [type, description] of [['Created', 'made \u202Eevil'], ['Cancelled', 'gone']]) {
    await fetch(`${await listenerUrl(hooklab)}seq`, { method: 'POST', body: JSON.stringify({ orderId, type, description }) });
  }
  await app.goto('sequences');
  const sequences = new SequencesPage(page);
  // Keyed by its capped id: the first 199 characters and "…".
  await sequences.openOrder(orderId.slice(0, 199) + '\u2026');
  await expect(sequences.timelineRows()).toHaveCount(2);
  await expect(sequences.timeline).toContainText('made [U+202E]evil');
});
