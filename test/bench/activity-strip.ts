/**
 * The activity strip over 100k stored deliveries, in Chromium: how long after the page opens
 * the strip is drawn (its counts come from `live.activity`, aggregated in SQLite), beside two
 * baselines of the same run: the bare `live.activity` call from Node, and the Live table's
 * first row on the same page loads.
 *
 *   npx tsx test/bench/activity-strip.ts [stored=100000] [rounds=7]
 * Writes test/bench/results/activity-strip.md (summarised in BENCHMARKS.md).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { splitTokenFragment } from '../../shared/security/host-token';
import { root, runScript, startServeInChromium } from './serve-host';

const stored = Number(process.argv[2] ?? 100_000);
const rounds = Number(process.argv[3] ?? 7);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const max = (xs: number[]) => Math.max(...xs);

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'hooklab-bench-strip-'));
  await runScript(['test/bench/listener-ingest-server.ts', 'seed', dataDir, String(stored)], /seeded/);
  const host = await startServeInChromium(dataDir);
  const { openUrl } = host;
  const context = await host.newContext();
  const open = new URL(openUrl);
  const token = splitTokenFragment(open.hash).token;
  const strip: number[] = [];
  const firstRow: number[] = [];
  const afterPage: number[] = [];
  const bare: number[] = [];
  let total = 0;
  try {
    for (let r = 0; r < rounds; r++) {
      const t0 = performance.now();
      const res = await fetch(`${open.origin}/api/calls/live.activity`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({}),
      });
      const body = (await res.json()) as { ok: boolean; value: { buckets: Array<{ valid: number; invalid: number; missing: number; other: number }> } };
      bare.push(performance.now() - t0);
      total = body.value.buckets.reduce((n, b) => n + b.valid + b.invalid + b.missing + b.other, 0);

      const page = await context.newPage();
      await page.addInitScript(`new MutationObserver((_, observer) => {
        if (!window.pageAt && document.querySelector('[data-testid="page-live"]')) window.pageAt = performance.now();
        if (!window.firstRowAt && document.querySelector('[data-testid="data-row"]')) window.firstRowAt = performance.now();
        if (!window.stripAt && document.querySelector('[data-testid="live-activity"][data-state="ready"]')) window.stripAt = performance.now();
        if (window.firstRowAt && window.stripAt) observer.disconnect();
      }).observe(document, { childList: true, subtree: true, attributes: true });`);
      await page.goto(`${openUrl}&/live`);
      await page.waitForFunction('window.stripAt && window.firstRowAt', undefined, { timeout: 60_000 });
      strip.push(Number(await page.evaluate('window.stripAt')));
      afterPage.push(Number(await page.evaluate('window.stripAt - window.pageAt')));
      firstRow.push(Number(await page.evaluate('window.firstRowAt')));
      await page.close();
    }
  } finally {
    await host.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  const md = `# Activity strip — \`npx tsx test/bench/activity-strip.ts ${stored} ${rounds}\`

${stored.toLocaleString('en-US')} deliveries stored (seeded 10 ms apart, so all in the strip's hour; ${total.toLocaleString('en-US')} counted by
\`live.activity\`), \`serve\` on a fresh data folder, headless Chromium, ${rounds} page loads of \`#/live\`.
Times are performance.now() in the page, from the start of navigation.

| what | median | max |
|---|---|---|
| strip drawn, from the start of navigation | ${ms(median(strip))} | ${ms(max(strip))} |
| strip drawn, after the Live page is on screen (the app's code loaded and mounted) | **${ms(median(afterPage))}** | ${ms(max(afterPage))} |
| baseline: the Live table's first row, same loads | ${ms(median(firstRow))} | ${ms(max(firstRow))} |
| baseline: the bare \`live.activity\` call from Node (HTTP + SQL, one read per slice) | ${ms(median(bare))} | ${ms(max(bare))} |

Strip / first row: ${(median(strip) / median(firstRow)).toFixed(2)}x. Target: under 200 ms after the page opens.
`;
  writeFileSync(join(root, 'test/bench/results/activity-strip.md'), md);
  console.log(md);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
