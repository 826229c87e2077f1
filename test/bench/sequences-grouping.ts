/**
 * Grouping 100,000 stored deliveries into orders, against a bare SELECT of the same rows in the
 * same run: the order index built from nothing (read, parse every body, group, derive every
 * order's states and flags, sort the list) as the first sequences.list does it.
 *
 *   npx tsx test/bench/sequences-grouping.ts [deliveries=100000] [passes=5]
 * Writes test/bench/results/sequences-grouping.md (summarised in BENCHMARKS.md).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { openDatabase } from '../../electron/services/data/database';
import { DeliverySource } from '../../electron/features/sequences/delivery-source';
import { HistorySequenceReads, SequenceReads } from '../../electron/services/data/sequence-reads';
import { OrderIndex } from '../../electron/features/sequences/order-index';
import { seedOrders } from './sequences-seed';

const count = Number(process.argv[2] ?? 100_000);
const passes = Number(process.argv[3] ?? 5);
const root = fileURLToPath(new URL('../..', import.meta.url));
// Each timed run starts from a collected heap, so neither pays for the garbage of the one before.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const dir = mkdtempSync(join(tmpdir(), 'hooklab-bench-seq-'));
try {
  const db = openDatabase(join(dir, 'hooklab.db'));
  const { orders } = seedOrders(db, count);
  const bare: number[] = [];
  const grouped: number[] = [];
  let listed = 0;
  let flagged = 0;
  const select = db.prepare('SELECT id, received_at_ms, event_id, event_created, event_created_ms, body, body_sha256 FROM received_deliveries ORDER BY id');
  // Rows as arrays, as the index reads them: the baseline is the cheapest read of the same rows.
  select.setReturnArrays(true);
  for (let p = 0; p < passes; p++) {
    // Alternate which goes first, so neither always gets the warmer cache.
    const runs = [
      () => {
        const t = performance.now();
        const rows = select.all();
        bare.push(performance.now() - t);
        if (rows.length !== count) throw new Error(`read ${rows.length} rows`);
      },
      async () => {
        const t = performance.now();
        const index = new OrderIndex(new DeliverySource(new SequenceReads(db), new HistorySequenceReads(db)), () => ({ environmentId: 'sandbox', otherEnvironmentKeyIds: [] }), () => Date.now());
        const list = await index.list({ offset: 0, limit: 200 });
        grouped.push(performance.now() - t);
        listed = list.allOrders;
        flagged = (await index.list({ offset: 0, limit: 1, hasFlags: true })).total;
      },
    ];
    if (p % 2 === 1) runs.reverse();
    for (const run of runs) {
      gc();
      await run();
    }
  }
  db.close();
  const g = median(grouped);
  const b = median(bare);
  const md = `
## Grouping ${count.toLocaleString('en')} stored deliveries into orders

Command: \`npx tsx test/bench/sequences-grouping.ts ${count} ${passes}\` (${new Date().toISOString().slice(0, 10)}), ${passes} passes,
alternating which side runs first, the heap collected before each. Load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' / ')} (1 / 5 / 15 min, 2 cores). ${count.toLocaleString('en')} received deliveries (~1 KB bodies with full SuccessPayment
metadata) of ${orders.toLocaleString('en')} orders (five events each, every 7th with a retry, every 11th reordered).

- **Order index built from nothing: median ${g.toFixed(0)} ms** (all: ${grouped.map((x) => x.toFixed(0)).join(', ')}; target under 1 s):
  read every row, parse every body, group by orderId, collapse copies, derive each order's states and flags,
  sort the list. ${listed.toLocaleString('en')} orders, ${flagged.toLocaleString('en')} of them flagged.
- **Bare \`SELECT\` of the same rows and columns (as arrays, in one query): median ${b.toFixed(0)} ms** (all: ${bare.map((x) => x.toFixed(0)).join(', ')}).
- **Ratio: ${(g / b).toFixed(2)}x** the bare SELECT.
`;
  writeFileSync(join(root, 'test/bench/results/sequences-grouping.md'), md);
  process.stdout.write(md);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
