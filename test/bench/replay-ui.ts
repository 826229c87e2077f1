/**
 * The Replay area in Chromium, through the browser host:
 * - the signature of a 1 MB body shown after the last keystroke (target < 100 ms), against the
 *   bare `replay.sign` round trip for the same body from the same page (the baseline);
 * - the replay history's first paint with 10,000 stored replays (target < 500 ms), against the
 *   same paint of an empty history (the baseline).
 * The replays are real: sent by `replay.send` (1,000 at a time, concurrently) to a loopback
 * handler in this process.
 *
 *   npx tsx test/bench/replay-ui.ts [replays=10000] [rounds=5]
 * Writes test/bench/results/replay-ui.md (summarised in BENCHMARKS.md).
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { call, root, startServeInChromium } from './serve-host';

const replays = Number(process.argv[2] ?? 10_000);
const rounds = Number(process.argv[3] ?? 5);
const KEY = 'bench-replay-key';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const ms = (x: number) => Math.round(x);

/** An in-page measurement that never answers fails the bench with its name instead of hanging it. */
async function measure(page: Page, script: string, what: string): Promise<number> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer in 30 s`)), 30_000)));
  try {
    return Number(await Promise.race([page.evaluate(script), timeout]));
  } finally {
    clearTimeout(timer);
  }
}

/** A SuccessPayment event pretty-printed to about 1 MB (many order lines), as a big real event would be. */
function megabyteEvent(): string {
  const item = (i: number) => ({
    orderItemId: `oi-${i}`, itemId: `p-${i}`, name: `Product ${i}`, price: '10.00', promoId: null, promoPrice: null, promoName: null,
    quantity: '1', modifiersTotal: '0.00', sku: `SKU-${i}`, productImageUrl: `https://example.test/p/${i}.png`, modifiers: [],
    note: null, description: 'A product of the bench order', quantityAvailable: '10', requiresShipping: true, productMetadata: null, coupon: null,
  });
  const event = { orderId: 'bench-1', orderReference: 'bench', orderType: 'FULL', description: 'Bench', level: 'Info', type: 'SuccessPayment', metadata: { orderDetail: [] as unknown[] } };
  let text = '';
  for (let n = 0; text.length < 1024 * 1024; n += 200) {
    for (let i = n; i < n + 200; i++) event.metadata.orderDetail.push(item(i));
    text = JSON.stringify(event, null, 2);
  }
  return text;
}

async function newPage(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('body[data-app-ready="true"]');
  await page.addScriptTag({ path: join(root, 'test/bench/replay-ui-page.js') });
  return page;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'hooklab-bench-replay-'));
  const handler = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}'));
  });
  await new Promise<void>((r) => handler.listen(0, '127.0.0.1', r));
  const target = `http://127.0.0.1:${(handler.address() as AddressInfo).port}/webhooks`;
  const host = await startServeInChromium(dataDir);
  const context = await host.newContext();
  const signUi: number[] = [];
  const signBare: number[] = [];
  const emptyPaints: number[] = [];
  const fullPaints: number[] = [];
  let body = megabyteEvent();
  try {
    await call(host.openUrl, 'live.addKey', { label: 'bench', value: KEY });
    await call(host.openUrl, 'replay.addTarget', { url: target, label: 'bench handler' });

    // Baseline of the history paint: no replay stored yet.
    for (let r = 0; r < rounds; r++) {
      const page = await newPage(context, `${host.openUrl}#/replay`);
      emptyPaints.push(await measure(page, 'window.__replayBench.historyPaint()', 'empty history paint'));
      await page.close();
    }

    // The signature of a 1 MB body: keystroke bursts at the end of the text.
    const draft = await call<{ id: number }>(host.openUrl, 'replay.saveDraft', {
      name: 'bench 1 MB',
      request: { body: { kind: 'text', text: body }, headers: { eventId: { mode: 'new' }, eventCreated: { mode: 'now' } } },
    });
    const page = await newPage(context, `${host.openUrl}#/replay/draft/${draft.id}`);
    await page.waitForSelector('[data-testid="replay-body-editor"][data-ready="true"]');
    await page.waitForSelector('[data-testid="replay-signature-panel"][data-stale="false"]');
    // Focus without a click: a click's caret placement can land after the Ctrl+End on a big document.
    // (Monaco takes keys on an EditContext element in Chromium, a textarea elsewhere.)
    await page.locator('[data-testid="replay-body-editor"]').locator('.native-edit-context, textarea.inputarea').first().focus();
    await page.keyboard.press('Control+End');
    await page.evaluate('window.__replayBench.watchSignature()');
    for (let r = 0; r < rounds * 3; r++) {
      const typed = 'abcde'.slice(0, 1 + (r % 5));
      await page.keyboard.type(typed);
      signUi.push(await measure(page, 'window.__replayBench.waitSignature()', `signature after typing ${typed}`));
      body += typed;
      const shown = await page.textContent('[data-testid="replay-signature"]');
      const expected = createHmac('sha256', KEY).update(body).digest('base64');
      if (shown !== expected) {
        const facts = await page.textContent('[data-testid="replay-signature-panel"] .kv');
        throw new Error(`signature shown ${shown} is not the HMAC of the text typed (${expected}; ${Buffer.byteLength(body)} bytes expected; panel: ${facts})`);
      }
      signBare.push(await measure(page, `window.__replayBench.signRoundTrip(${JSON.stringify(body)})`, 'bare sign round trip'));
    }
    await page.close();

    // 10,000 real replays, then the history's first paint.
    for (let sent = 0; sent < replays; sent += 1000) {
      const times = Math.min(1000, replays - sent);
      await call(host.openUrl, 'replay.send', {
        request: { body: { kind: 'text', text: '{"orderId":"bench","orderType":"FULL","description":"d","level":"Info","type":"Created","metadata":null}' }, headers: { eventId: { mode: 'new' }, eventCreated: { mode: 'now' } } },
        targetUrl: target,
        times,
        mode: 'concurrent',
      });
    }
    for (let r = 0; r < rounds; r++) {
      const page = await newPage(context, `${host.openUrl}#/replay`);
      fullPaints.push(await measure(page, 'window.__replayBench.historyPaint()', 'history paint'));
      const count = await page.textContent('[data-testid="replay-history-count"]');
      if (count !== `${replays} replays`) throw new Error(`history says "${count}", expected ${replays} replays`);
      await page.close();
    }
  } finally {
    await host.close();
    handler.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const md = `
## Replay area (Chromium)

Command: \`npx tsx test/bench/replay-ui.ts ${replays} ${rounds}\` (${new Date().toISOString().slice(0, 10)}). \`serve\` on a fresh
data dir, headless Chromium (/usr/bin/chromium).

- **Signature of a ${(Buffer.byteLength(body) / 1024 / 1024).toFixed(2)} MB body after the last keystroke: median ${ms(median(signUi))} ms**, max ${ms(Math.max(...signUi))} ms
  (${signUi.length} bursts of 1-5 keys typed into Monaco at the end of the body; from the last keydown to the panel showing the
  core's signature of the whole text, checked against an independent HMAC; target under 100 ms).
  Baseline, the bare \`replay.sign\` round trip for the same body from the same page: median ${ms(median(signBare))} ms
  (ratio ${(median(signUi) / median(signBare)).toFixed(2)}).
- **Replay history first paint with ${replays.toLocaleString('en')} replays: median ${ms(median(fullPaints))} ms** (all: ${fullPaints.map(ms).join(', ')};
  from the tab click to the first row painted; target under 500 ms). Baseline, the empty history's paint:
  median ${ms(median(emptyPaints))} ms (ratio ${(median(fullPaints) / median(emptyPaints)).toFixed(2)}). The replays were sent for real
  (\`replay.send\`, 1,000 concurrently at a time, to a loopback handler).
`;
  writeFileSync(join(root, 'test/bench/results/replay-ui.md'), md);
  process.stdout.write(md);
}

main().catch((error: unknown) => {
  process.stderr.write(String((error as Error).stack) + '\n');
  process.exit(1);
});
