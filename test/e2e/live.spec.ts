import { createHmac } from 'node:crypto';
import { test, expect } from './support/fixtures';
import { LivePage } from './pages/live-page';
import { callApi as call } from './support/api';
import { screenshotBothThemes } from './support/themes';
import type { ServeProcess } from './support/serve-process';

const KEY = 'e2e-live-key';

async function listenerUrl(server: ServeProcess): Promise<string> {
  const status = (await call(server, 'app.status', {})) as { listener: { url: string } };
  return status.listener.url;
}

function send(url: string, body: string | Buffer, headers: Record<string, string>) {
  return fetch(url, { method: 'POST', body, headers });
}

const sign = (body: string | Buffer, key = KEY) => createHmac('sha256', key).update(body).digest('base64');

test('deliveries stream into the table with their verdicts, and the detail shows the exact body', async ({ app, page, hooklab }) => {
  await call(hooklab, 'live.addKey', { label: 'e2e', value: KEY });
  const live = new LivePage(page);
  await app.goto('live');
  const base = await listenerUrl(hooklab);
  const orderId = `e2e-${Date.now()}`;
  const event = (type: string) => JSON.stringify({ orderId, orderReference: null, orderType: 'FULL', description: 'd', level: 'Info', type, metadata: null });

  const paid = event('SuccessPayment');
  await send(`${base}orders`, paid, { 'X-Svc-Hmac-Sha256': sign(paid), 'X-Svc-Event-Id': '9001', 'X-Svc-Event-Created': '2024-05-01T10:00:05Z' });
  const created = event('Created');
  await send(`${base}orders`, created, { 'X-Svc-Hmac-Sha256': sign(created), 'X-Svc-Event-Id': '9000', 'X-Svc-Event-Created': '2024-05-01T10:00:00Z' });
  await send(`${base}orders`, paid, { 'X-Svc-Hmac-Sha256': sign(paid), 'X-Svc-Event-Id': '9001', 'X-Svc-Event-Created': '2024-05-01T10:00:05Z' });
  const pretty = JSON.stringify(JSON.parse(event('Cancelled')), null, 2);
  await send(`${base}orders`, pretty, { 'X-Svc-Hmac-Sha256': sign(event('Cancelled')), 'X-Svc-Event-Id': '9002' });
  const binary = Buffer.from([0xff, 0x00, 0xfe, 0x41]);
  await send(`${base}raw`, binary, { 'X-Svc-Hmac-Sha256': sign(binary) });

  await live.search(orderId);
  await expect(live.rows).toHaveCount(4);
  await expect(live.row('Created').getByTestId('flag-out-of-order')).toBeVisible();
  await expect(live.row('SuccessPayment').getByTestId('flag-duplicate')).toHaveCount(1);
  await expect(live.row('Cancelled').getByTestId('signature-badge')).toHaveText('invalid');

  await live.filterColumn('signature', 'invalid');
  await expect(live.rows).toHaveCount(1);
  await live.open('Cancelled');
  await expect(page.getByTestId('diagnosis')).toContainText('re-serialised');
  await expect(page.getByTestId('verification-key')).toHaveText('key “e2e”');
  await expect(page.getByTestId('detail-body')).toContainText('"type": "Cancelled"');
  await expect(page.getByTestId('detail-headers')).toContainText('X-Svc-Hmac-Sha256');
  await expect(page.getByTestId('copy-curl')).toBeVisible();

  await live.filterColumn('signature', '');
  await live.search('/raw');
  await expect(live.rows).toHaveCount(1);
  await live.open();
  await expect(page.getByTestId('detail-body')).toContainText('ff 00 fe 41');

  await live.search('');
  const download = page.waitForEvent('download');
  await page.getByTestId('export-all').click();
  await page.getByTestId('export-all-ndjson').click();
  const file = await (await download).path();
  const { readFileSync } = await import('node:fs');
  const lines = readFileSync(file!, 'utf8').trim().split('\n');
  expect(lines.length).toBeGreaterThanOrEqual(5);
  expect(lines.map((l) => (JSON.parse(l) as { eventId: number | null }).eventId)).toContain(9002);
  // Exported by a job of the main process, shown in the one progress view.
  await expect(page.getByTestId('live-export-job').getByTestId('job-progress')).toHaveAttribute('data-state', 'done');
  // The one export-job hook says what it saved, as the share exports do.
  await expect(page.getByTestId('live-export-job-saved')).toContainText(/hooklab-deliveries-.*\.ndjson/);
});

test('listener answer rules are saved from Settings and applied without restart', async ({ app, page, hooklab }) => {
  await app.goto('settings');
  const section = page.getByTestId('settings-listener');
  await section.getByTestId('add-rule').click();
  await section.getByTestId('rule-0-status').fill('503');
  await section.getByTestId('save-listener').click();
  await expect(section.getByTestId('listener-message')).toContainText('saved and applied');
  const base = await listenerUrl(hooklab);
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    statuses.push((await send(base, '{}', { 'X-Svc-Event-Id': '777' })).status);
  }
  expect(statuses).toEqual([503, 503, 503, 200]);
  await page.getByTestId('settings-listener').getByRole('button', { name: 'Remove' }).first().click();
  await section.getByTestId('save-listener').click();
  await expect(section.getByTestId('listener-message')).toContainText('saved and applied');
});

test('webhook keys say which environment signs with them, set from Settings', async ({ app, page, hooklab }) => {
  await app.goto('settings');
  const section = page.getByTestId('settings-listener');
  // The sandbox registers its own key as the sandbox's.
  await expect(section.getByTestId('key-environment-sandbox')).toHaveValue('sandbox');
  await section.getByTestId('key-label').fill('e2e environment key');
  await section.getByTestId('key-value').fill('e2e-environment-secret');
  await section.getByTestId('key-environment').selectOption('sandbox');
  await section.getByTestId('add-key').click();
  // Adding a key asks whether it becomes the current one (what Replay, the check and the CLI sign with).
  await expect(section.getByTestId('add-key-question')).toContainText('Make the new key the current one?');
  await section.getByTestId('add-key-keep').click();
  await expect(section.getByTestId('key-message')).toHaveText('Key added; the current key is unchanged.');
  type Keys = { settings: { listener: { keys: Array<{ id: string; label: string; environmentId: string | null }> } } };
  const added = async () => ((await call(hooklab, 'settings.get', {})) as Keys).settings.listener.keys.find((k) => k.label === 'e2e environment key')!;
  expect((await added()).environmentId).toBe('sandbox');
  expect(((await call(hooklab, 'settings.get', {})) as Keys).settings.listener.keys[0]!.label).not.toBe('e2e environment key');
  await section.getByTestId(`key-environment-${(await added()).id}`).selectOption('');
  await expect.poll(async () => (await added()).environmentId).toBeNull();
  await call(hooklab, 'live.removeKey', { id: (await added()).id });
});

test('an unsigned copy of a signed event is flagged unverified, and the real one is no duplicate of it', async ({ app, page, hooklab }) => {
  await call(hooklab, 'live.addKey', { label: 'e2e', value: KEY });
  const live = new LivePage(page);
  await app.goto('live');
  const base = await listenerUrl(hooklab);
  const orderId = `e2e-forged-${Date.now()}`;
  const eventId = String(Date.now() % 1_000_000_000);
  const text = JSON.stringify({ orderId, orderReference: null, orderType: 'FULL', description: 'd', level: 'Info', type: 'Created', metadata: null });
  // The forgery first, then the service's real delivery of the same event id.
  await send(`${base}forged`, text, { 'X-Svc-Event-Id': eventId });
  await send(`${base}real`, text, { 'X-Svc-Hmac-Sha256': sign(text), 'X-Svc-Event-Id': eventId });

  await live.search(orderId);
  await expect(live.rows).toHaveCount(2);
  // The table shows no path: the forged row is the one whose signature is missing.
  await expect(live.row('missing').getByTestId('flag-unverified')).toBeVisible();
  await expect(live.row(/\bvalid\b/).getByTestId('flag-duplicate')).toHaveCount(0);
  await expect(live.row(/\bvalid\b/).getByTestId('flag-unverified')).toHaveCount(0);
  await live.open('missing');
  // One true statement: it carries the event id; it is the first unverified delivery with it.
  await expect(page.getByTestId('unverified-note')).toContainText(`Unverified delivery carrying event id ${eventId}`);
  await expect(page.getByTestId('duplicate-of')).toHaveText('none: the first unverified delivery with this event id');
  await expect(page.getByTestId('delivery-detail')).not.toContainText(/copy of event/i);
});


test("Live's activity strip counts a delivery that arrives while the page is open", async ({ app, page, hooklab }) => {
  // The worker's host is shared: earlier tests may have left deliveries in this hour.
  await app.goto('live');
  const strip = page.getByTestId('live-activity');
  await expect(strip).toHaveAttribute('data-state', 'ready');
  const before = Number(await strip.getAttribute('data-total'));
  const body = JSON.stringify({ orderId: `strip-${Date.now()}`, orderReference: null, orderType: 'FULL', description: 'd', level: 'Info', type: 'Created', metadata: null });
  // Stored whatever the listener answers (an earlier test may have left answer rules).
  await send(`${await listenerUrl(hooklab)}strip`, body, { 'X-Svc-Event-Id': '9300' });
  await expect(strip).toHaveAttribute('data-total', String(before + 1));
});

test("the detail's Event created is a time like every other, the exact instant on hover", async ({ app, page, hooklab }) => {
  const live = new LivePage(page);
  await app.goto('live');
  const base = await listenerUrl(hooklab);
  const orderId = `e2e-created-${Date.now()}`;
  const body = JSON.stringify({ orderId, orderReference: null, orderType: 'FULL', description: 'd', level: 'Info', type: 'Created', metadata: null });
  await send(`${base}created`, body, { 'X-Svc-Event-Id': '9400', 'X-Svc-Event-Created': '2024-05-01T10:00:05.123Z' });
  await live.search(orderId);
  await live.open();
  const created = page.getByTestId('event-created').locator('time');
  // 24-hour with milliseconds, in this machine's zone (zones differ by whole quarters of an hour).
  await expect(created).toHaveText(/\d{2}:\d{2}:05\.123$/);
  await expect(created).not.toHaveText(/T10:00|Z|[AP]M/);
  await expect(created).toHaveAttribute('title', '2024-05-01T10:00:05.123Z');
  await screenshotBothThemes(page, 'live-event-created', live.detail);

  // A header that is no time is shown as it came.
  await send(`${base}created-unreadable`, body, { 'X-Svc-Event-Id': '9401', 'X-Svc-Event-Created': 'last tuesday' });
  await live.search('created-unreadable');
  await live.open();
  await expect(page.getByTestId('event-created')).toHaveText('last tuesday');
});
