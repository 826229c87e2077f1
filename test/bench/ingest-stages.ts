/**
 * The CPU each stage of a delivery's way through the app costs, measured in this process alone
 * (process.cpuUsage: CPU time, not wall time, so other work on the machine shifts it little):
 * what the listener's thread does per delivery beyond the minimal durable receiver's node:http +
 * HMAC + SQLite group commit, and what the main thread does per delivery (the batch's summaries,
 * the search index by chunk size). Every delivery is the ingest benches' signed body
 * (ingest-kit.ts), each a new event; batches of 50, as 50 connections give.
 *
 *   npx tsx test/bench/ingest-stages.ts [deliveries=10000] [passes=3] [--earlier <checkout>]
 * With `--earlier`, that checkout's judgeDelivery and DeliveryStore (its own code, imported from
 * it) are measured too, pass by pass alternating with this one's: before/after in one run.
 * Writes test/bench/results/ingest-stages.md.
 */
import { execFileSync } from 'node:child_process';
import { hash, createHmac, createSecretKey } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, type Database } from '../../electron/services/data/database';
import { DeliveryStore } from '../../electron/services/data/delivery-store';
import { DeliverySearch } from '../../electron/services/data/delivery-search';
import { headerPairs, judgeDelivery } from '../../electron/features/live/listener/judge';
import { inspectBody } from '../../electron/features/live/listener/inspect';
import { createKeyedHmac } from '../../electron/features/live/listener/keyed-hmac';
import { verifySignature } from '../../shared/signing/diagnose';
import { signBody } from '../../shared/signing';
import { nodeHmac } from '../../electron/services/platform/node-hmac';
import { BENCH_CONTEXT } from './listener-ingest-server';
import { body, BENCH_KEY, median, root } from './ingest-kit';
import { openDurableStore } from './durable-store.mjs';

const args = parseArgs({ allowPositionals: true, options: { earlier: { type: 'string' } } });
const count = Number(args.positionals[0] ?? 10_000);
const passes = Math.max(1, Number(args.positionals[1] ?? 3));
const earlierDir = args.values.earlier !== undefined ? resolve(args.values.earlier) : null;
/** The earlier checkout's own judge and store (same signatures), when measured. */
const earlier = earlierDir
  ? {
      label: execFileSync('git', ['-C', earlierDir, 'log', '-1', '--format=%h'], { encoding: 'utf8' }).trim(),
      judgeDelivery: ((await import(join(earlierDir, 'electron/features/live/listener/judge.ts'))) as { judgeDelivery: typeof judgeDelivery }).judgeDelivery,
      DeliveryStore: ((await import(join(earlierDir, 'electron/services/data/delivery-store.ts'))) as { DeliveryStore: typeof DeliveryStore }).DeliveryStore,
    }
  : null;
const BATCH = 50;
const NO_LIMITS = { maxDeliveries: Number.MAX_SAFE_INTEGER, maxBytes: Number.MAX_SAFE_INTEGER };
const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'hooklab-stages-'));
  folders.push(dir);
  return dir;
};

const hmac = createKeyedHmac();
const signature = signBody(nodeHmac, BENCH_KEY, body);
/** The requests as the listener reads them: the headers autocannon sends, a new event id each. */
const raws = Array.from({ length: count }, (_, i) => {
  const bytes = Buffer.from(body);
  const rawHeaders = ['host', '127.0.0.1:4000', 'content-type', 'application/json', 'x-svc-hmac-sha256', signature, 'x-svc-event-created', '2024-05-01T10:00:00Z', 'x-svc-event-id', String(i + 1), 'content-length', String(bytes.length)];
  return { receivedAtMs: Date.now(), method: 'POST', path: '/webhooks', headers: headerPairs(rawHeaders), body: bytes, bodySize: bytes.length, truncation: null };
});
const judged = raws.map((raw) => judgeDelivery(raw, BENCH_CONTEXT, hmac));

/** CPU µs per delivery of `run`, which handles all `count` deliveries. */
function cpuPerDelivery(run: () => void): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / count;
}

/** A fresh store (synchronous=FULL, as the listener's) with `judged` committed in batches. */
function storeAll(Store: typeof DeliveryStore = DeliveryStore): { db: Database; store: DeliveryStore; us: number } {
  const db = openDatabase(join(folder(), 'hooklab.db'));
  const store = new Store(db);
  const us = cpuPerDelivery(() => {
    for (let i = 0; i < count; i += BATCH) store.commitBatch(judged.slice(i, i + BATCH), [], NO_LIMITS);
  });
  return { db, store, us };
}

function durableAll(): number {
  const commit = openDurableStore(join(folder(), 'durable.db'));
  const key = createSecretKey(Buffer.from(BENCH_KEY));
  return cpuPerDelivery(() => {
    for (let i = 0; i < count; i += BATCH) {
      commit(raws.slice(i, i + BATCH).map((r) => ({ headers: JSON.stringify(r.headers), body: r.body, verified: createHmac('sha256', key).update(r.body).digest('base64') === signature ? 1 : 0 })));
    }
  });
}

/** µs per row of indexing `count` stored deliveries for search in chunks of `chunk` rows. */
function searchIndexing(chunk: number): number {
  const db = openDatabase(join(folder(), 'hooklab.db'));
  const store = new DeliveryStore(db);
  for (let i = 0; i < count; i += 500) store.insertBatch(judged.slice(i, i + 500));
  const search = new DeliverySearch(db);
  const us = cpuPerDelivery(() => {
    while (search.indexSome(chunk) > 0);
  });
  search.stop();
  db.close();
  return us;
}

const stages: Array<[string, () => number]> = [
  ['listener: judge (all of judgeDelivery)', () => cpuPerDelivery(() => raws.forEach((r) => judgeDelivery(r, BENCH_CONTEXT, hmac)))],
  ['  of which: signature (verifySignature)', () => cpuPerDelivery(() => raws.forEach((r) => verifySignature({ hmac, body: r.body, signature, keys: BENCH_CONTEXT.keys, truncation: null })))],
  ['  of which: body hash (sha256)', () => cpuPerDelivery(() => raws.forEach((r) => hash('sha256', r.body)))],
  ['  of which: fields and kind (inspectBody)', () => cpuPerDelivery(() => raws.forEach((r) => inspectBody(r.body)))],
  ['listener: store (commitBatch of 50, fsync)', () => storeAll().us],
  ...(earlier
    ? ([
        [`listener: judge, ${earlier.label}`, () => cpuPerDelivery(() => raws.forEach((r) => earlier.judgeDelivery(r, BENCH_CONTEXT, hmac)))],
        [`listener: store, ${earlier.label}`, () => storeAll(earlier.DeliveryStore).us],
      ] satisfies Array<[string, () => number]>)
    : []),
  ['listener → main: summaries as JSON (stringify + parse)', () => {
    const summaries = storeAll().store.list(undefined, count);
    return cpuPerDelivery(() => {
      for (let i = 0; i < count; i += BATCH) JSON.parse(JSON.stringify(summaries.slice(i, i + BATCH)));
    });
  }],
  ['durable receiver: HMAC + store (batch of 50, fsync)', durableAll],
  ['main: search index, chunks of 10', () => searchIndexing(10)],
  ['main: search index, chunks of 50', () => searchIndexing(50)],
  ['main: search index, chunks of 250', () => searchIndexing(250)],
  ['main: search index, chunks of 2000', () => searchIndexing(2000)],
];

// Pass by pass, every stage once: a slower minute on a shared machine slows every stage alike.
const measured = stages.map(() => [] as number[]);
for (let pass = 0; pass < passes; pass++) stages.forEach(([, run], i) => measured[i]!.push(run()));
const results = stages.map(([label], i) => {
  const values = measured[i]!;
  process.stdout.write(`${label}: ${values.map((v) => v.toFixed(1)).join(' / ')} µs\n`);
  return `| ${label} | **${median(values).toFixed(1)}** (${values.map((v) => v.toFixed(1)).join(' / ')}) |`;
});
for (const dir of folders) rmSync(dir, { recursive: true, force: true });

const report = `## CPU per delivery, stage by stage

Command: \`npx tsx test/bench/ingest-stages.ts ${process.argv.slice(2).join(' ')}\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. CPU time of this process
(process.cpuUsage) per delivery, ${count} deliveries of the ingest benches' signed body, batches of ${BATCH}; median (passes).

| stage | µs per delivery |
|---|---|
${results.join('\n')}
`;
writeFileSync(join(root, 'test/bench/results/ingest-stages.md'), report);
process.stdout.write(`\n${report}`);
