/**
 * The Live view with 100k stored deliveries, measured in Chromium: first paint of the table,
 * time for a search to show its result, and a burst of 1,000 deliveries/s (store updates vs
 * animation frames, longest frame gap). The host is `serve` on a seeded data dir; the burst
 * comes from a separate generator process.
 *
 *   npx tsx test/bench/live-table.ts [stored=100000] [rounds=5]
 * Writes test/bench/results/live-table.md (summarised in BENCHMARKS.md).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, root, runScript, startServeInChromium } from './serve-host';

const stored = Number(process.argv[2] ?? 100_000);
const rounds = Number(process.argv[3] ?? 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'hooklab-bench-ui-'));
  await runScript(['test/bench/listener-ingest-server.ts', 'seed', dataDir, String(stored)], /seeded/);
  const host = await startServeInChromium(dataDir, { HOOKLAB_WEBHOOK_KEY: 'bench-key' });
  const { openUrl } = host;
  const listenerPort = String((await call<{ listener: { port: number } }>(openUrl, 'app.status', {})).listener.port);
  // Retention (100,000 by default) would remove the oldest rows as the burst arrives: keep all.
  await call(openUrl, 'settings.update', { listener: { retainDeliveries: stored + 100_000 } });
  const context = await host.newContext();
  const paints: number[] = [];
  const filters: number[] = [];
  let burst = { delivered: 0, updates: 0, frames: 0, maxGapMs: 0, longTasks: 0 };
  try {
    for (let r = 0; r < rounds; r++) {
      const page = await context.newPage();
      await page.addInitScript(`new MutationObserver((_, observer) => {
        if (document.querySelector('[data-testid="data-row"]')) {
          window.firstRowAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });`);
      // A hash route follows the token in the fragment (`/#token=T&/live`).
      await page.goto(`${openUrl}&/live`);
      await page.waitForSelector('[data-testid="data-row"]');
      paints.push(Number(await page.evaluate('window.firstRowAt')));
      await page.waitForFunction(`document.querySelector('[data-testid="live-count"]')?.textContent === '${stored.toLocaleString('en-US')} deliveries'`, undefined, { timeout: 60_000 });
      await page.addScriptTag({ path: join(root, 'test/bench/live-table-page.js') });

      // A search typed by the user, timed from the input event to the count showing the result.
      for (const query of ['paymenterror', 'ord-1234', 'cancelled']) {
        filters.push(Number(await page.evaluate(`window.__liveBench.search(${JSON.stringify(query)})`)));
      }

      if (r === rounds - 1) {
        // Burst: 1,000 deliveries/s for 3 s from another process while the page follows live.
        await page.evaluate('window.__liveBench.startBurst()');
        const load = await runScript(['test/bench/ingest-load.ts', listenerPort, '1000', '3', 'bench-key'], /\{.*\}/);
        const loadResult = JSON.parse(load.match[0]) as { rps: number };
        await page.waitForFunction(`document.querySelector('[data-testid="live-count"]')?.textContent === '${(stored + 3000).toLocaleString('en-US')} deliveries'`, undefined, { timeout: 30_000 });
        burst = { delivered: 3000, ...((await page.evaluate('window.__liveBench.endBurst()')) as Omit<typeof burst, 'delivered'>) };
        process.stderr.write(`burst sent at ${loadResult.rps}/s\n`);
      }
      await page.close();
    }
  } finally {
    await host.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const md = `
## Live view with ${stored.toLocaleString('en')} stored deliveries (Chromium)

Command: \`npx tsx test/bench/live-table.ts ${stored} ${rounds}\` (${new Date().toISOString().slice(0, 10)}). \`serve\` on a
seeded data dir, headless Chromium (/usr/bin/chromium), ${rounds} fresh page loads.

- **First paint of the table: median ${Math.round(median(paints))} ms** after navigation (all: ${paints.map(Math.round).join(', ')}; target under 1 s).
  The newest 500 summaries come first; the remaining ${(stored - 500).toLocaleString('en')} load in pages of 20,000 behind it.
- **Search over all ${stored.toLocaleString('en')} summaries: median ${Math.round(median(filters))} ms**, max ${Math.round(Math.max(...filters))} ms
  from the input event to the count showing the result (${filters.length} searches; target under 200 ms).
- **Burst of 1,000 deliveries/s for 3 s** (separate generator process, through the listener):
  ${burst.delivered} deliveries applied in ${burst.updates} store updates over ${burst.frames} animation frames
  (at most one update per frame by construction), longest frame gap ${burst.maxGapMs} ms, ${burst.longTasks} long tasks (> 50 ms).
`;
  writeFileSync(join(root, 'test/bench/results/live-table.md'), md);
  process.stdout.write(md);
}

main().catch((error: unknown) => {
  process.stderr.write(String((error as Error).stack) + '\n');
  process.exit(1);
});
