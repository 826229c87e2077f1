/**
 * Full-text search over received deliveries (migration 006) with 100,000 stored: what the
 * live.search call does (DeliverySearch: the phrase query, newest first, capped, the answer
 * serialised as the host sends it) against a bare FTS5 MATCH of the same terms returning every
 * rowid, in the same run. Queries: a value in one body only, an e-mail in a few bodies, a
 * prefix, a header value every row has (the cap decides), and a word in no row.
 *
 *   npx tsx test/bench/live-search.ts [deliveries=100000] [rounds=5]
 * Writes test/bench/results/live-search.md (summarised in BENCHMARKS.md).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../electron/services/data/database';
import { DeliveryStore } from '../../electron/services/data/delivery-store';
import { DeliverySearch } from '../../electron/services/data/delivery-search';
import { judgeDelivery, headerPairs } from '../../electron/features/live/listener/judge';
import { nodeHmac } from '../../electron/services/platform/node-hmac';
import { ftsMatchQuery } from '../../shared/search/search-terms';
import { benchDelivery, BENCH_CONTEXT } from './listener-ingest-server';

const count = Math.max(1000, Number(process.argv[2] ?? 100_000));
const rounds = Math.max(1, Number(process.argv[3] ?? 5));
const LIMIT = 20_000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** A delivery whose body carries `metadata` (the rare values searched for). */
function withMetadata(n: number, metadata: object) {
  const body = Buffer.from(JSON.stringify({ orderId: `ord-${n}`, orderType: 'FULL', level: 'Info', type: 'SuccessPayment', metadata }));
  const rawHeaders = ['Content-Type', 'application/json', 'X-Svc-Event-Id', String(n + 1)];
  return judgeDelivery({ receivedAtMs: Date.now(), method: 'POST', path: '/webhooks', headers: headerPairs(rawHeaders), body, bodySize: body.length, truncation: null }, BENCH_CONTEXT, nodeHmac);
}

const dir = mkdtempSync(join(tmpdir(), 'hooklab-search-bench-'));
const db = openDatabase(join(dir, 'hooklab.db'));
try {
  const store = new DeliveryStore(db);
  const seedStart = performance.now();
  const start = Date.now() - count * 10;
  for (let done = 0; done < count; ) {
    const batch = [];
    for (let i = 0; i < 5000 && done < count; i++, done++) {
      batch.push(
        done === Math.floor(count / 2)
          ? withMetadata(done, { coupon: 'ZX-SPRING-7731' })
          : done % 25_000 === 0
            ? withMetadata(done, { buyerEmail: 'ana.silva@example.com' })
            : benchDelivery(done, start + done * 10),
      );
    }
    store.insertBatch(batch);
  }
  console.log(`seeded ${count} deliveries in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  // The background indexing's cost: every seeded delivery waits in the queue.
  const search = new DeliverySearch(db);
  const indexStart = performance.now();
  search.indexAll();
  const indexUsPerRow = ((performance.now() - indexStart) * 1000) / count;
  const bare = db.prepare('SELECT rowid FROM search.received_search WHERE received_search MATCH ?');
  const queries: Array<[string, string]> = [
    ['one body only', 'ZX-SPRING-7731'],
    ['an e-mail in a few bodies', 'ana.silva@example.com'],
    ['a prefix', 'ord-1234'],
    ['a header every row has', 'application/json'],
    ['no match', 'nowhere-to-be-found'],
  ];
  const times = new Map<string, { app: number[]; bare: number[]; hits: number; more: boolean }>();
  for (const [label] of queries) times.set(label, { app: [], bare: [], hits: 0, more: false });
  for (let round = 0; round < rounds; round++) {
    for (const [label, text] of queries) {
      const entry = times.get(label)!;
      let t = performance.now();
      bare.all(ftsMatchQuery(text)!);
      entry.bare.push(performance.now() - t);
      t = performance.now();
      const hits = search.search(text, LIMIT);
      JSON.stringify({ ok: true, value: hits });
      entry.app.push(performance.now() - t);
      entry.hits = hits.ids.length;
      entry.more = hits.more;
    }
  }
  const rows = queries.map(([label, text]) => {
    const e = times.get(label)!;
    const app = median(e.app);
    const base = median(e.bare);
    return `| ${label} (\`${text}\`) | ${e.hits.toLocaleString('en')}${e.more ? '+' : ''} | ${base.toFixed(2)} ms | ${app.toFixed(2)} ms | ${(app / base).toFixed(2)} | ${Math.max(...e.app).toFixed(2)} ms |`;
  });
  const md = `## Live search (full-text over headers and bodies)

Command: \`npx tsx test/bench/live-search.ts ${count} ${rounds}\` (${new Date().toISOString().slice(0, 10)}; medians of ${rounds} rounds).

${count.toLocaleString('en')} stored deliveries (realistic signed bodies of ~800 bytes, 20,000 orders), one database on disk as the app opens it.
Baseline: a bare FTS5 \`MATCH\` of the same phrase returning every matching rowid. Hooklab: \`live.search\`
(\`DeliverySearch.search\`: newest first, at most ${LIMIT.toLocaleString('en')} ids, the answer serialised as the host sends it).

| query | hits | bare FTS | Hooklab | ratio | Hooklab max |
|---|---:|---:|---:|---:|---:|
${rows.join('\n')}

Indexing (off the listener's insert, chunks of 2,000 rows a transaction): ${indexUsPerRow.toFixed(1)} µs a delivery
(${count.toLocaleString('en')} queued deliveries indexed in ${((indexUsPerRow * count) / 1e6).toFixed(1)} s).
`;
  writeFileSync(join(import.meta.dirname, 'results', 'live-search.md'), md);
  console.log(md);
} finally {
  db.close();
  rmSync(dir, { recursive: true, force: true });
}
