/**
 * The database's write paths on their own, each against variants measured in the same run:
 *   - the listener's insert (DeliveryStore.insertBatch, batches of 26 as under load):
 *     synchronous=FULL (the app) vs NORMAL (no fsync at commit), the indexes before
 *     migration 003, without migration 006's search queue, with the full-text index written
 *     inside the insert instead (what the queue avoids), without migration 012's index by time,
 *     and without AUTOINCREMENT (migration 009);
 *   - the history copy (HistoryStore.apply, pages of 100): WAL checkpoints on the background
 *     worker (the app) vs SQLite's own checkpoints inside COMMIT, a rowid table with a unique
 *     index instead of the app's WITHOUT ROWID table, and a floor: the same rows into a table
 *     with no index;
 *   - a 4 KiB append + fsync on the same disk.
 * Rounds alternate the variants on fresh databases; medians are reported.
 *
 *   npx tsx test/bench/store-writes.ts [rounds=3]
 * Writes test/bench/results/store-writes.md (summarised in BENCHMARKS.md).
 */
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../../electron/services/data/database';
import { openAppDatabase, type AppDatabase } from '../../electron/services/data/app-database';
import { DeliveryStore } from '../../electron/services/data/delivery-store';
import type { IncomingDelivery } from '../../electron/services/data/received-delivery';
import { HistoryStore } from '../../electron/services/data/history-store';
import type { WebhookDelivery } from '../../shared/service';
import { benchDelivery } from './listener-ingest-server';

const rounds = Math.max(1, Number(process.argv[2] ?? 3));
const LISTENER_BATCHES = 1000;
const LISTENER_BATCH = 26;
const HISTORY_PAGES = 1000;
const HISTORY_PAGE = 100;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const PRE_003_INDEXES = `
  DROP INDEX received_by_hash_unlogged;
  CREATE INDEX received_by_order ON received_deliveries(order_id, event_created);
  CREATE INDEX received_by_hash ON received_deliveries(body_sha256);`;
/**
 * Without migration 006's search queue: since migration 015 the listener writes none (the index
 * finds new rows by id, in a file of its own), so this is the app's own schema.
 */
const NO_SEARCH_QUEUE = '';
/** Tokenising inside the listener's transaction, as first built (FTS5 writes a segment per commit). */
const SEARCH_IN_INSERT = `
  CREATE VIRTUAL TABLE received_search USING fts5(headers, body, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2');
  CREATE TRIGGER received_search_insert AFTER INSERT ON received_deliveries BEGIN
    INSERT INTO received_search (rowid, headers, body) VALUES (new.id, new.headers_json, CAST(substr(new.body, 1, 262144) AS TEXT));
  END;`;
/** Without the index migration 012 added for the activity strip's counts by time. */
const NO_BY_TIME_INDEX = `DROP INDEX received_by_time;`;

/** The received table rebuilt without AUTOINCREMENT (ids may then be reused, which migration 009 forbids). */
function withoutAutoincrement(db: Database): void {
  const schema = db
    .prepare("SELECT type, sql FROM sqlite_master WHERE tbl_name = 'received_deliveries' AND sql IS NOT NULL")
    .all() as Array<{ type: string; sql: string }>;
  const table = schema.find((s) => s.type === 'table')!.sql;
  db.exec('DROP TABLE received_deliveries');
  db.exec(table.replace(/\bAUTOINCREMENT\b/, ''));
  for (const s of schema) if (s.type !== 'table') db.exec(s.sql);
}

/** The history copy as a rowid table with a unique index, tried instead of WITHOUT ROWID. */
const ROWID_HISTORY_TABLE = `
  DROP TABLE history_deliveries;
  CREATE TABLE history_deliveries (
    environment_id TEXT NOT NULL, id INTEGER NOT NULL, event_id INTEGER NOT NULL, event_type TEXT NOT NULL,
    event_created TEXT NOT NULL, url TEXT NOT NULL, payload TEXT NOT NULL, response_status_code INTEGER NOT NULL,
    delivered INTEGER NOT NULL, created TEXT NOT NULL, fetched_at TEXT NOT NULL
  );
  CREATE UNIQUE INDEX history_by_id ON history_deliveries(environment_id, id);
  CREATE INDEX history_by_event ON history_deliveries(environment_id, event_id);`;

/** The same database with SQLite checkpointing inside COMMIT, as without the background worker. */
function plainDatabase(path: string): AppDatabase {
  const db = openDatabase(path);
  return { db, notices: [], close: async () => db.close() };
}

/** Opens a fresh database as the app does (migrations, WAL, background checkpoints unless told otherwise). */
async function withDatabase<T>(options: { checkpointer: boolean; sql?: string; setup?: (db: Database) => void }, run: (db: Database) => T): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'hooklab-store-bench-'));
  const path = join(dir, 'hooklab.db');
  const database: AppDatabase = options.checkpointer ? openAppDatabase(path) : plainDatabase(path);
  const { db } = database;
  if (options.sql) db.exec(options.sql);
  options.setup?.(db);
  try {
    return run(db);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const listenerRows: IncomingDelivery[][] = [];
const start = Date.now();
for (let b = 0; b < LISTENER_BATCHES; b++) {
  listenerRows.push(Array.from({ length: LISTENER_BATCH }, (_, i) => benchDelivery(b * LISTENER_BATCH + i, start + b * LISTENER_BATCH + i)));
}

/** µs per row of the listener's insert path. */
function listenerInsert(db: Database, synchronous: 'FULL' | 'NORMAL'): number {
  db.exec(`PRAGMA synchronous = ${synchronous}`);
  const store = new DeliveryStore(db);
  const t = performance.now();
  for (const batch of listenerRows) store.insertBatch(batch);
  return ((performance.now() - t) * 1000) / (LISTENER_BATCHES * LISTENER_BATCH);
}

const payload = JSON.stringify({
  orderId: 'ord-1001', orderReference: 'ref-1001', orderType: 'FULL', description: 'Payment of an order succeeded',
  level: 'Info', type: 'SuccessPayment', metadata: { PaymentId: 'pay_1', ChargeId: 'ch_1', Status: 'SUCCEEDED' },
});
const historyPages: WebhookDelivery[][] = [];
for (let p = 0; p < HISTORY_PAGES; p++) {
  historyPages.push(
    Array.from({ length: HISTORY_PAGE }, (_, i) => {
      const id = p * HISTORY_PAGE + i + 1;
      return { id, eventId: Math.ceil(id / 2), eventType: 'SuccessPayment', eventCreated: '2026-11-23T10:00:00.000Z', url: 'https://shop.example/webhooks', payload, responseStatusCode: 200, delivered: true, created: '2026-11-23T10:00:01.123Z' };
    }),
  );
}

/** µs per row of the history copy (each page with its cursor in one transaction). */
function historyApply(db: Database): number {
  const store = new HistoryStore(db);
  const t = performance.now();
  for (const page of historyPages) store.apply('sandbox', page, page[page.length - 1]!.id, new Date().toISOString());
  return ((performance.now() - t) * 1000) / (HISTORY_PAGES * HISTORY_PAGE);
}

/** µs per row of the same rows into a table with no index (what any copy costs at least). */
function historyFloor(db: Database): number {
  db.exec(`CREATE TABLE floor (environment_id TEXT, id INTEGER, event_id INTEGER, event_type TEXT, event_created TEXT,
    url TEXT, payload TEXT, response_status_code INTEGER, delivered INTEGER, created TEXT, fetched_at TEXT)`);
  db.exec('PRAGMA synchronous = NORMAL');
  const insert = db.prepare('INSERT INTO floor VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const t = performance.now();
  for (const page of historyPages) {
    const at = new Date().toISOString();
    db.exec('BEGIN');
    for (const d of page) insert.run('sandbox', d.id, d.eventId, d.eventType, d.eventCreated, d.url, d.payload, d.responseStatusCode, 1, d.created, at);
    db.exec('COMMIT');
  }
  return ((performance.now() - t) * 1000) / (HISTORY_PAGES * HISTORY_PAGE);
}

/** ms per 4 KiB append + fsync, 200 times, in the same temporary folder as the databases. */
function fsyncCost(): number {
  const dir = mkdtempSync(join(tmpdir(), 'hooklab-fsync-bench-'));
  const fd = openSync(join(dir, 'x.bin'), 'w');
  const page = Buffer.alloc(4096, 7);
  const t = performance.now();
  for (let i = 0; i < 200; i++) {
    writeSync(fd, page);
    fsyncSync(fd);
  }
  const ms = (performance.now() - t) / 200;
  closeSync(fd);
  rmSync(dir, { recursive: true, force: true });
  return ms;
}

const variants = {
  listenerFull: () => withDatabase({ checkpointer: true }, (db) => listenerInsert(db, 'FULL')),
  listenerNormal: () => withDatabase({ checkpointer: true }, (db) => listenerInsert(db, 'NORMAL')),
  listenerNoSearch: () => withDatabase({ checkpointer: true, sql: NO_SEARCH_QUEUE }, (db) => listenerInsert(db, 'FULL')),
  listenerSearchInInsert: () => withDatabase({ checkpointer: true, sql: SEARCH_IN_INSERT }, (db) => listenerInsert(db, 'FULL')),
  // The same three without the fsync at commit: the CPU they cost, apart from the disk's noise.
  listenerNormalNoSearch: () => withDatabase({ checkpointer: true, sql: NO_SEARCH_QUEUE }, (db) => listenerInsert(db, 'NORMAL')),
  listenerNormalSearchInInsert: () => withDatabase({ checkpointer: true, sql: SEARCH_IN_INSERT }, (db) => listenerInsert(db, 'NORMAL')),
  listenerPre003: () => withDatabase({ checkpointer: true, sql: PRE_003_INDEXES }, (db) => listenerInsert(db, 'FULL')),
  listenerNoByTime: () => withDatabase({ checkpointer: true, sql: NO_BY_TIME_INDEX }, (db) => listenerInsert(db, 'FULL')),
  listenerNoAutoincrement: () => withDatabase({ checkpointer: true, setup: withoutAutoincrement }, (db) => listenerInsert(db, 'FULL')),
  // The same two without the fsync at commit (the CPU they cost) beside the app's NORMAL row.
  listenerNormalNoByTime: () => withDatabase({ checkpointer: true, sql: NO_BY_TIME_INDEX }, (db) => listenerInsert(db, 'NORMAL')),
  listenerNormalNoAutoincrement: () => withDatabase({ checkpointer: true, setup: withoutAutoincrement }, (db) => listenerInsert(db, 'NORMAL')),
  historyApp: () => withDatabase({ checkpointer: true }, historyApply),
  historyOwnCheckpoints: () => withDatabase({ checkpointer: false }, historyApply),
  historyRowid: () => withDatabase({ checkpointer: true, sql: ROWID_HISTORY_TABLE }, historyApply),
  historyFloor: () => withDatabase({ checkpointer: true }, historyFloor),
  fsync: async () => fsyncCost(),
};
type Variant = keyof typeof variants;

const results = Object.fromEntries(Object.keys(variants).map((k) => [k, [] as number[]])) as Record<Variant, number[]>;
for (let round = 0; round < rounds; round++) {
  for (const [name, run] of Object.entries(variants) as Array<[Variant, () => Promise<number>]>) results[name].push(await run());
  console.log(`round ${round + 1}: ${Object.entries(results).map(([k, v]) => `${k} ${v.at(-1)!.toFixed(2)}`).join(', ')}`);
}
const m = (k: Variant) => median(results[k]);
const us = (k: Variant) => `${m(k).toFixed(1)} µs`;
const rowsPerS = (k: Variant) => Math.round(1e6 / m(k)).toLocaleString('en');
const md = `## Store writes

Command: \`npx tsx test/bench/store-writes.ts ${rounds}\` (${new Date().toISOString().slice(0, 10)}; medians of ${rounds} rounds, variants alternating on fresh databases in one run).

Listener insert path (\`DeliveryStore.insertBatch\`, ${LISTENER_BATCHES.toLocaleString('en')} batches of ${LISTENER_BATCH} realistic signed deliveries, 20,000 orders):

| variant | per row |
|---|---:|
| the app: synchronous=FULL, indexes of migration 003, search queue of migration 006 | ${us('listenerFull')} |
| synchronous=FULL, without the search queue (its rows never written) | ${us('listenerNoSearch')} |
| synchronous=FULL, tokenising into the full-text index inside the insert (not taken) | ${us('listenerSearchInInsert')} |
| synchronous=NORMAL (no fsync at commit; breaks the 2xx promise on power loss) | ${us('listenerNormal')} |
| synchronous=NORMAL, without the search queue | ${us('listenerNormalNoSearch')} |
| synchronous=NORMAL, tokenising inside the insert | ${us('listenerNormalSearchInInsert')} |
| synchronous=FULL, the indexes before migration 003 | ${us('listenerPre003')} |
| synchronous=FULL, without the index by time (migration 012) | ${us('listenerNoByTime')} |
| synchronous=FULL, without AUTOINCREMENT (migration 009) | ${us('listenerNoAutoincrement')} |
| synchronous=NORMAL, without the index by time | ${us('listenerNormalNoByTime')} |
| synchronous=NORMAL, without AUTOINCREMENT | ${us('listenerNormalNoAutoincrement')} |

History copy (\`HistoryStore.apply\`, ${HISTORY_PAGES.toLocaleString('en')} pages of ${HISTORY_PAGE}, each page with its cursor in one transaction):

| variant | per row | rows/s |
|---|---:|---:|
| the app: WITHOUT ROWID table keyed on (environment, id), WAL checkpoints on the background worker | ${us('historyApp')} | ${rowsPerS('historyApp')} |
| SQLite's own checkpoints inside COMMIT | ${us('historyOwnCheckpoints')} | ${rowsPerS('historyOwnCheckpoints')} |
| a rowid table with a unique index instead of WITHOUT ROWID | ${us('historyRowid')} | ${rowsPerS('historyRowid')} |
| floor: the same rows into a table with no index, plain INSERT | ${us('historyFloor')} | ${rowsPerS('historyFloor')} |

A 4 KiB append + fsync on this disk: ${m('fsync').toFixed(3)} ms (200 in a row).
`;
writeFileSync(join(import.meta.dirname, 'results', 'store-writes.md'), md);
console.log(md);
