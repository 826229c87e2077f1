/**
 * Small signed webhooks while the app's main thread is as busy as a user makes it: Live lists
 * every summary, opens each of 126 bodies of ~4.7 MB, exports them all, and Sequences indexes
 * 20,000 deliveries cold (a fresh index over the folder), over and over. The same fixed-rate
 * load (test/bench/ingest-load.ts, its own process) runs first against the idle app, then
 * against the busy one: the ratio and the bounds (p95 under 20 ms, none over 100 ms).
 *
 *   npx tsx test/bench/listener-busy-main.ts [rate=200] [seconds=8]
 * Writes test/bench/results/listener-busy-main.md (summarised in BENCHMARKS.md).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSequencesFeature } from '../../electron/features/sequences/feature';
import { openDatabase } from '../../electron/services/data/database';
import { DeliveryStore } from '../../electron/services/data/delivery-store';
import { nodeHmac } from '../../electron/services/platform/node-hmac';
import { headerPairs, judgeDelivery } from '../../electron/features/live/listener/judge';
import { BENCH_CONTEXT, BENCH_KEY, startHooklab } from './listener-ingest-server';
import { seedOrders } from './sequences-seed';

const rate = Number(process.argv[2] ?? 200);
const seconds = Number(process.argv[3] ?? 8);
const root = fileURLToPath(new URL('../..', import.meta.url));

/** 126 deliveries of ~4.7 MB (inside the 5 MB limit) and 20,000 order events, written directly. */
function seed(dataDir: string): void {
  const db = openDatabase(join(dataDir, 'hooklab.db'));
  seedOrders(db, 4000);
  const store = new DeliveryStore(db);
  for (let i = 0; i < 126; i++) {
    const body = Buffer.from(JSON.stringify({ orderId: `big-${i}`, type: 'Updated', level: 'Info', orderType: 'FULL', description: 'x'.repeat(4_700_000), metadata: null }));
    const raw = { receivedAtMs: Date.now(), method: 'POST', path: '/webhooks', headers: headerPairs(['Content-Type', 'application/json']), body, bodySize: body.length, truncation: null };
    store.insertBatch([judgeDelivery(raw, BENCH_CONTEXT, nodeHmac)]);
  }
  db.close();
}

interface Load {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
}

function runLoad(port: number): Promise<Load> {
  const child = spawn(join(root, 'node_modules/.bin/node'), ['--import', 'tsx', 'test/bench/ingest-load.ts', String(port), String(rate), String(seconds), BENCH_KEY], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise((resolve, reject) => child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as Load) : reject(new Error(`load exited ${code}`)))));
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'hooklab-bench-busy-'));
  seed(dataDir);
  const core = await startHooklab(dataDir);
  const port = core.ctx.runtime.status.get().listener.port!;
  const h = core.handlers;
  const idle = await runLoad(port);

  let rounds = 0;
  let busyMs = 0;
  const loading = runLoad(port);
  let done = false;
  void loading.finally(() => (done = true));
  while (!done) {
    const from = performance.now();
    for (let before: number | undefined; ; ) {
      const page = await h['live.list']({ limit: 5000, ...(before ? { beforeId: before } : {}) });
      if (page.nextBeforeId === null) break;
      before = page.nextBeforeId;
    }
    const big = (await h['live.list']({ limit: 200 })).rows.filter((r) => r.orderId?.startsWith('big-'));
    for (const row of big) await h['live.get']({ id: row.id, bodyBytes: 5_000_000 });
    for (let afterId = 0; ; ) {
      const page = await h['live.export']({ afterId, limit: 1000 });
      if (page.nextAfterId === null) break;
      afterId = page.nextAfterId;
    }
    // A cold Sequences index over every delivery (as after a restart).
    const sequences = createSequencesFeature(core.ctx);
    await sequences.start?.();
    await sequences.handlers['sequences.list']!({ limit: 200 } as never);
    await sequences.stop?.();
    busyMs += performance.now() - from;
    rounds++;
  }
  const busy = await loading;
  await core.stop();
  rmSync(dataDir, { recursive: true, force: true });

  const row = (name: string, l: Load) => `| ${name} | ${l.rps} | ${l.p50} | ${l.p95} | ${l.p99} | ${l.max} | ${l.errors + l.non2xx} |`;
  const md = `## Webhooks while the main thread is busy

Command: \`npx tsx test/bench/listener-busy-main.ts ${rate} ${seconds}\` (${new Date().toISOString().slice(0, 10)}).
A core with the live feature on a folder of 126 deliveries of ~4.7 MB and 20,000 order events.
The same signed load (${rate}/s for ${seconds} s, \`test/bench/ingest-load.ts\` in its own process,
each answer timed from its scheduled send) against the idle app, then while its main thread
lists every summary, opens the 126 bodies, exports everything and builds a cold Sequences
index, in a loop (${rounds} rounds, ${(busyMs / Math.max(rounds, 1) / 1000).toFixed(1)} s each).

| main thread | answered/s | p50 ms | p95 ms | p99 ms | max ms | non-2xx + errors |
|---|---|---|---|---|---|---|
${row('idle', idle)}
${row('busy', busy)}

**p95 busy / idle: ${(busy.p95 / Math.max(idle.p95, 0.01)).toFixed(2)}; max busy / idle: ${(busy.max / Math.max(idle.max, 0.01)).toFixed(2)}** (bounds: p95 under 20 ms, none over 100 ms: ${busy.p95 < 20 && busy.max < 100 ? 'met' : 'not met'}).
`;
  writeFileSync(join(root, 'test/bench/results/listener-busy-main.md'), md);
  process.stdout.write(md);
}

main().catch((error: unknown) => {
  process.stderr.write(String((error as Error).stack) + '\n');
  process.exit(1);
});
