/**
 * What one group commit writes: the listener's commit (the app's schema, DeliveryStore.commitBatch)
 * against the minimal durable receiver's (one table, no index), batches of the same signed
 * deliveries, WAL and synchronous=FULL on both, one process, alternating. For each: WAL frames
 * (pages) per commit and which b-tree each frame belongs to (SQLite's dbstat), and the thread CPU
 * the COMMIT itself takes per row (writing the frames, then the fsync). With synchronous=FULL the
 * commit's cost follows the pages it writes, so this is what bounds the listener against the
 * minimal receiver once the HTTP and judging work are equal.
 *
 *   npx tsx test/bench/listener-commit-frames.ts [commits=200] [batch=32]
 * Writes test/bench/results/listener-commit-frames.md (summarised in BENCHMARKS.md).
 */
import { DatabaseSync } from 'node:sqlite';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openConnection, openDatabase } from '../../electron/services/data/database';
import { DeliveryStore } from '../../electron/services/data/delivery-store';
import type { IncomingDelivery } from '../../electron/services/data/received-delivery';
import { benchDelivery } from './listener-ingest-server';

const commits = Number(process.argv[2] ?? 200);
const batch = Number(process.argv[3] ?? 32);
const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'hooklab-bench-frames-'));
const threadCpuUs = () => {
  const u = process.threadCpuUsage();
  return u.user + u.system;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

interface Side {
  readonly path: string;
  readonly db: DatabaseSync;
  /** Writes one batch up to (not including) COMMIT. */
  readonly write: (items: readonly IncomingDelivery[]) => void;
}

function appSide(): Side {
  const path = join(dir, 'app.db');
  openDatabase(path).close();
  const db = openConnection(path);
  const store = new DeliveryStore(db);
  // commitBatch's own transaction, opened here so that COMMIT can be timed alone.
  const limits = { maxDeliveries: Number.MAX_SAFE_INTEGER, maxBytes: Number.MAX_SAFE_INTEGER };
  const inner = db.exec.bind(db);
  let holdCommit = false;
  db.exec = (sql: string) => (holdCommit && sql === 'COMMIT' ? undefined : inner(sql));
  return {
    path,
    db,
    write: (items) => {
      holdCommit = true;
      try {
        store.commitBatch(items, [], limits);
      } finally {
        holdCommit = false;
      }
    },
  };
}

function durableSide(): Side {
  const path = join(dir, 'durable.db');
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL');
  db.exec('CREATE TABLE d (id INTEGER PRIMARY KEY, received_at_ms INTEGER, headers_json TEXT, body BLOB, verified INTEGER)');
  const insert = db.prepare('INSERT INTO d (received_at_ms, headers_json, body, verified) VALUES (?, ?, ?, ?)');
  return {
    path,
    db,
    write: (items) => {
      db.exec('BEGIN');
      for (const d of items) insert.run(d.receivedAtMs, JSON.stringify(d.headers), d.body, 1);
    },
  };
}

/** The pages of the WAL's frames, by the b-tree each belongs to. */
function framesByTree(side: Side): Record<string, number> {
  const wal = readFileSync(`${side.path}-wal`);
  const pageSize = wal.readUInt32BE(8);
  const names = new Map<number, string>();
  for (const r of side.db.prepare('SELECT name, pageno FROM dbstat').all() as Array<{ name: string; pageno: number }>) names.set(r.pageno, r.name);
  const counts: Record<string, number> = {};
  for (let off = 32; off + 24 + pageSize <= wal.length; off += 24 + pageSize) {
    const name = names.get(wal.readUInt32BE(off)) ?? 'other';
    counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

let n = 0;
// Every delivery a new event of one of 20,000 orders, as in listener-ingest-server's seed.
const nextBatch = () => Array.from({ length: batch }, () => benchDelivery(n++, Date.now()));
const sides = { app: appSide(), durable: durableSide() };
const cpu: Record<'app' | 'durable', number[]> = { app: [], durable: [] };
for (const side of Object.values(sides)) {
  for (let i = 0; i < 20; i++) {
    side.write(nextBatch());
    side.db.exec('COMMIT');
  }
}
for (let i = 0; i < commits; i++) {
  for (const [name, side] of Object.entries(sides) as Array<['app' | 'durable', Side]>) {
    side.write(nextBatch());
    const before = threadCpuUs();
    side.db.exec('COMMIT');
    cpu[name].push((threadCpuUs() - before) / batch);
  }
}
// One more commit each into an emptied WAL, to see its frames.
const frames = Object.fromEntries(
  (Object.entries(sides) as Array<['app' | 'durable', Side]>).map(([name, side]) => {
    side.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    side.write(nextBatch());
    side.db.exec('COMMIT');
    return [name, framesByTree(side)];
  }),
) as Record<'app' | 'durable', Record<string, number>>;
for (const side of Object.values(sides)) side.db.close();
rmSync(dir, { recursive: true, force: true });

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
const list = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([name, k]) => `${name} ${k}`)
    .join(', ');
const md = `## What one group commit writes

Command: \`npx tsx test/bench/listener-commit-frames.ts ${commits} ${batch}\` (${new Date().toISOString().slice(0, 10)}).
Batches of ${batch} signed deliveries (~800-byte bodies, a new event of one of 20,000 orders each),
WAL and synchronous=FULL, ${commits} commits each, alternating, in one process.

| | WAL frames (4 KiB pages) per commit | by b-tree | COMMIT thread CPU per row (median of commits) |
|---|---|---|---|
| listener (app schema, \`DeliveryStore.commitBatch\`) | ${total(frames.app)} | ${list(frames.app)} | ${median(cpu.app).toFixed(1)} µs |
| minimal durable receiver (one table) | ${total(frames.durable)} | ${list(frames.durable)} | ${median(cpu.durable).toFixed(1)} µs |

**The listener's commit writes ${(total(frames.app) / total(frames.durable)).toFixed(1)}× the pages and costs ${(median(cpu.app) / median(cpu.durable)).toFixed(1)}× the CPU per row of the minimal receiver's.**
`;
writeFileSync(join(root, 'test/bench/results/listener-commit-frames.md'), md);
process.stdout.write(md);
