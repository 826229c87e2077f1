/**
 * The Sequences view in Chromium over a seeded data folder (84,000 deliveries of 20,000 orders
 * plus one order of 1,000 events): opening the long order by its deep link until its timeline
 * and diagram are painted, and scrolling the list of 20,000 orders (frames and long tasks).
 * The host is `serve` on the data folder, as a user runs it.
 *
 *   npx tsx test/bench/sequences-ui.ts [deliveries=84000] [rounds=5]
 * Writes test/bench/results/sequences-ui.md (summarised in BENCHMARKS.md).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, runScript, startServeInChromium } from './serve-host';

const stored = Number(process.argv[2] ?? 84_000);
const rounds = Number(process.argv[3] ?? 5);
const LONG = 1000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'hooklab-bench-seq-ui-'));
  // Orders of four events (Created, SuccessPayment, two Updated): 20,000 orders and the long one
  // fit in the listener's default retention of 100,000 deliveries, which `serve` applies at start.
  const seeded = await runScript(['test/bench/sequences-seed.ts', dataDir, String(stored), String(LONG), '2'], /\{"seeded":true,"orders":(\d+)\}/);
  const orders = Number(seeded.match[1]);
  const host = await startServeInChromium(dataDir);
  const { openUrl } = host;
  const context = await host.newContext({ viewport: { width: 1600, height: 1000 } });
  const opens: number[] = [];
  const listLoads: number[] = [];
  let firstRows = 0;
  let scroll = { frames: 0, maxGapMs: 0, longTasks: 0, longestTaskMs: 0, rowsInDom: 0 };
  let still = { ...scroll };
  let wheel = { ...scroll };
  try {
    const page = await context.newPage();
    const t0 = Date.now();
    await page.goto(`${openUrl}&/sequences`);
    const count = `document.querySelector('[data-testid="sequences-count"]')`;
    await page.waitForSelector('[data-testid="sequences-table"] [data-testid="data-row"]', { timeout: 120_000 });
    firstRows = Date.now() - t0;
    await page.waitForFunction(`${count}?.getAttribute('data-listed') === '${orders}'`, undefined, { timeout: 120_000 }).catch(async (error: unknown) => {
      const seen = await page.evaluate(`[${count}?.outerHTML, document.querySelector('.notice--error')?.textContent]`);
      throw new Error(`the list never showed ${orders} orders: ${JSON.stringify(seen)}`, { cause: error });
    });
    listLoads.push(Date.now() - t0);
    await page.addScriptTag({ path: join(root, 'test/bench/sequences-ui-page.js') });
    for (let r = 0; r < rounds; r++) {
      // From another (small) order each time, so the long one is fetched and drawn afresh.
      await page.evaluate(`window.__seqBench.openOrder('100001', null)`);
      opens.push(Number(await page.evaluate(`window.__seqBench.openOrder('long-order', ${LONG})`)));
    }
    still = (await page.evaluate('window.__seqBench.scroll(3000, 0)')) as typeof scroll;
    wheel = (await page.evaluate('window.__seqBench.scroll(3000, 120)')) as typeof scroll;
    scroll = (await page.evaluate(`window.__seqBench.scroll(3000, 'page')`)) as typeof scroll;
  } finally {
    await host.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const md = `
## Sequences view in Chromium: one order of ${LONG.toLocaleString('en')} events, a list of ${orders.toLocaleString('en')} orders

Command: \`npx tsx test/bench/sequences-ui.ts ${stored} ${rounds}\` (${new Date().toISOString().slice(0, 10)}). \`serve\` on a data
folder seeded with ${stored.toLocaleString('en')} received deliveries of ${(orders - 1).toLocaleString('en')} orders (four events each, some retried, some reordered) plus one order of
${LONG.toLocaleString('en')} events (Created, SuccessPayment, 998 Updated); headless Chromium (/usr/bin/chromium), 1600x1000. Load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' / ')} (1 / 5 / 15 min, 2 cores).

- **Opening the ${LONG.toLocaleString('en')}-event order: median ${Math.round(median(opens))} ms**, max ${Math.round(Math.max(...opens))} ms
  (${rounds} opens: ${opens.map(Math.round).join(', ')}; target under 300 ms), from setting \`#/sequences/long-order\`
  to the ${LONG.toLocaleString('en')} timeline rows and the state diagram painted, \`sequences.get\` over HTTP included.
- **Scrolling the list of ${orders.toLocaleString('en')} orders** for 3 s, ${scroll.rowsInDom} rows in the DOM (virtualized):
  - like a mouse wheel, 120 px a frame: ${wheel.frames} frames, longest frame gap ${wheel.maxGapMs} ms,
    **${wheel.longTasks} long tasks** (> 50 ms; longest ${wheel.longestTaskMs} ms);
  - a fling, a screenful (every visible row new) a frame: ${scroll.frames} frames, longest frame gap ${scroll.maxGapMs} ms,
    **${scroll.longTasks} long tasks** (longest ${scroll.longestTaskMs} ms);
  - baseline in the same page, the same frame loop without scrolling: ${still.frames} frames, longest gap ${still.maxGapMs} ms,
    ${still.longTasks} long tasks (the machine's own floor).
- First load of the list, index built in the core on the first call: the newest rows shown ${firstRows} ms
  after navigation, all ${orders.toLocaleString('en')} summaries listed after ${listLoads[0]} ms.
`;
  writeFileSync(join(root, 'test/bench/results/sequences-ui.md'), md);
  process.stdout.write(md);
}

main().catch((error: unknown) => {
  process.stderr.write(String((error as Error).stack) + '\n');
  process.exit(1);
});
