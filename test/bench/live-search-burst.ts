/**
 * A search typed during a burst: `stored` deliveries already indexed, then a burst of `burst`
 * deliveries stored in batches of 50 as the listener stores them, not yet indexed (the
 * background indexing gives way to a busy listener: at 400/s, 5,000 is 12 s of burst), then a
 * search typed; `rounds` times, the backlog indexed between rounds. Measured in the same run:
 * what live.search does now (indexes a bounded part, answers from the index, says how many wait)
 * against the baseline of indexing the whole waiting backlog first (what it did before).
 *
 *   npx tsx test/bench/live-search-burst.ts [stored=20000] [burst=5000] [rounds=5]
 * Writes test/bench/results/live-search-burst.md (summarised in BENCHMARKS.md).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../electron/services/data/database';
import { DeliveryStore } from '../../electron/services/data/delivery-store';
import { DeliverySearch } from '../../electron/services/data/delivery-search';
import { ftsMatchQuery } from '../../shared/search/search-terms';
import { benchDelivery } from './listener-ingest-server';

const stored = Math.max(1000, Number(process.argv[2] ?? 20_000));
const burst = Math.max(100, Number(process.argv[3] ?? 5000));
const rounds = Math.max(1, Number(process.argv[4] ?? 5));
const QUERY = 'application/json';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const max = (xs: number[]) => Math.max(...xs);

function run(mode: 'now' | 'index-all-first'): { times: number[]; indexingSaid: number[] } {
  const dir = mkdtempSync(join(tmpdir(), 'hooklab-search-burst-'));
  const db = openDatabase(join(dir, 'hooklab.db'));
  try {
    const store = new DeliveryStore(db);
    const search = new DeliverySearch(db);
    const start = Date.now() - stored * 10;
    for (let done = 0; done < stored; ) {
      const batch = [];
      for (let i = 0; i < 5000 && done < stored; i++, done++) batch.push(benchDelivery(done, start + done * 10));
      store.insertBatch(batch);
    }
    search.indexAll();
    const times: number[] = [];
    const indexingSaid: number[] = [];
    let n = stored;
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < burst; i += 50) {
        store.insertBatch(Array.from({ length: Math.min(50, burst - i) }, () => benchDelivery(n, start + n++ * 10)));
      }
      const t = performance.now();
      if (mode === 'index-all-first') {
        search.indexAll();
        db.prepare('SELECT rowid FROM search.received_search WHERE received_search MATCH ? ORDER BY rowid DESC LIMIT 20001').all(ftsMatchQuery(QUERY)!);
      } else {
        indexingSaid.push(search.search(QUERY, 20_000).indexing);
      }
      times.push(performance.now() - t);
      search.indexAll();
    }
    search.stop();
    return { times, indexingSaid };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const baseline = run('index-all-first');
const now = run('now');
const lines = [
  `# Live search during a burst (${stored.toLocaleString('en-US')} stored, a search typed after ${burst.toLocaleString('en-US')} more arrived unindexed, ${rounds} rounds)`,
  '',
  `Command: \`npx tsx test/bench/live-search-burst.ts ${stored} ${burst} ${rounds}\``,
  '',
  '| search | median ms | slowest ms |',
  '| --- | ---: | ---: |',
  `| baseline: index the waiting backlog first | ${median(baseline.times).toFixed(1)} | ${max(baseline.times).toFixed(1)} |`,
  `| live.search now: a bounded part, then answer | ${median(now.times).toFixed(1)} | ${max(now.times).toFixed(1)} |`,
  '',
  `Ratio (baseline / now, median): ${(median(baseline.times) / median(now.times)).toFixed(1)}x. ` +
    `The answer said "indexing N…" with N up to ${max(now.indexingSaid).toLocaleString('en-US')} (median ${median(now.indexingSaid).toLocaleString('en-US')}).`,
  '',
];
console.log(lines.join('\n'));
writeFileSync(new URL('./results/live-search-burst.md', import.meta.url), lines.join('\n'));
