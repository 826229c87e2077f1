/**
 * The process under load for test/bench/listener-ingest.ts (load comes from another process):
 *   bare     a bare node:http server answering 200 once the body is read (the baseline)
 *   hooklab  a real core with the live feature: verify, judge, group-commit, answer 200
 *   hooklab-full <cap>: the same with retention at `cap` deliveries (a full store)
 *   durable  a minimal durable receiver (node:http + HMAC + SQLite group commit, synchronous=FULL)
 *   durable-split  the same with its SQLite commits on a second thread (does a pipeline pay here?)
 *   seed     <dir> <n>: stores n deliveries in <dir>/hooklab.db (its own process, so its garbage
 *            does not count below)
 *   memory   <dir>: starts the core on that database, lists every summary, prints memory
 * Prints `READY <port>` (or one JSON line for memory).
 */
import { createServer, type ServerResponse } from 'node:http';
import { Worker } from 'node:worker_threads';
import { createHmac, createSecretKey } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../../electron/core/core';
import { createLiveFeature } from '../../electron/features/live/feature';
import { memorySettingsBackend } from '../../electron/services/settings/settings-service';
import { MemorySecretStore } from '../../electron/services/secrets/secret-store';
import { silentLogger } from '../../electron/services/kernel/logger';
import { openDatabase } from '../../electron/services/data/database';
import { DeliveryStore } from '../../electron/services/data/delivery-store';
import type { IncomingDelivery } from '../../electron/services/data/received-delivery';
import { DeliverySearch } from '../../electron/services/data/delivery-search';
import { signBody } from '../../shared/signing';
import { nodeHmac } from '../../electron/services/platform/node-hmac';
import { judgeDelivery, type JudgeContext, headerPairs } from '../../electron/features/live/listener/judge';
import { openDurableStore } from './durable-store.mjs';

import { BENCH_KEY } from './ingest-kit';

export { BENCH_KEY };
const mode = process.argv[2];

/** A core with the live feature on `dataDir`, listening on a free port with the bench key (the process under load). */
export async function startHooklab(dataDir: string, listener: Record<string, unknown> = {}) {
  const secrets = new MemorySecretStore();
  secrets.set('webhookKey:bench', BENCH_KEY);
  const core = createCore({
    hostKind: 'browser',
    version: 'bench',
    dataDir,
    settingsBackend: memorySettingsBackend({ listener: { port: 0, keys: [{ id: 'bench', label: 'bench', addedAt: 'x' }], ...listener } }),
    secrets,
    log: silentLogger,
    features: (ctx) => [createLiveFeature(ctx)],
    requireAllHandlers: false,
  });
  await core.start();
  return core;
}

const TYPES = ['Created', 'SuccessPayment', 'Cancelled', 'Updated', 'PaymentError'];

/** The judging context of every bench delivery (one accepted key, a plain 200). */
export const BENCH_CONTEXT: JudgeContext = {
  keys: [{ id: 'bench', value: BENCH_KEY, accepted: true }],
  answers: { answer: { status: 200, delayMs: 0, body: '', hang: false }, rules: [] },
  passThrough: false,
};

/** The `n`-th of a realistic stream of signed deliveries (20,000 orders, ~800-byte bodies), judged as the ingest worker hands it to the store. */
export function benchDelivery(n: number, receivedAtMs: number): IncomingDelivery {
  const body = Buffer.from(
    JSON.stringify({ orderId: `ord-${n % 20000}`, orderReference: `ref-${n}`, orderType: 'FULL', description: 'x'.repeat(600), level: n % 17 === 0 ? 'Error' : 'Info', type: TYPES[n % TYPES.length], metadata: null }),
  );
  const rawHeaders = ['Content-Type', 'application/json', 'X-Svc-Hmac-Sha256', signBody(nodeHmac, BENCH_KEY, body), 'X-Svc-Event-Id', String(n + 1), 'X-Svc-Event-Created', new Date(receivedAtMs).toISOString()];
  return judgeDelivery({ receivedAtMs, method: 'POST', path: '/webhooks', headers: headerPairs(rawHeaders), body, bodySize: body.length, truncation: null }, BENCH_CONTEXT, nodeHmac);
}

/** Stores `count` realistic deliveries straight through the store and indexes them (seeding, not measured). */
export function seed(dbPath: string, count: number): void {
  const db = openDatabase(dbPath);
  const store = new DeliveryStore(db);
  const start = Date.now() - count * 10;
  for (let done = 0; done < count; ) {
    const batch = [];
    for (let i = 0; i < 5000 && done < count; i++, done++) batch.push(benchDelivery(done, start + done * 10));
    store.insertBatch(batch);
  }
  // As the app leaves a database: every delivery in the search index, nothing queued.
  new DeliverySearch(db).indexAll();
  db.close();
}

/** What the minimal durable receiver writes of one request. */
interface DurableRow {
  readonly headers: string;
  readonly body: Buffer;
  readonly verified: number;
}

/** The store on this thread, or (`split`) on a worker thread: batches go there and come back committed. */
function durableStore(path: string, split: boolean): (batch: DurableRow[], done: () => void) => void {
  if (!split) {
    const commit = openDurableStore(path);
    return (batch, done) => {
      commit(batch);
      done();
    };
  }
  const worker = new Worker(new URL('./durable-store-worker.mjs', import.meta.url), { workerData: { path } });
  const waiting = new Map<number, () => void>();
  let next = 0;
  worker.on('message', (committed: number[]) => {
    for (const n of committed) {
      waiting.get(n)!();
      waiting.delete(n);
    }
  });
  return (batch, done) => {
    waiting.set(++next, done);
    worker.postMessage({ n: next, batch: batch.map(({ headers, body, verified }) => ({ headers, body, verified })) });
  };
}

/**
 * The baseline a durable receiver cannot beat by much: node:http, the HMAC checked, every
 * delivery (headers and body) in SQLite with the listener's durability (WAL, synchronous=FULL),
 * requests finishing in one event-loop turn committed together, 200 only after the commit.
 * `split`: the commits run on a second thread while this one reads the next requests.
 */
function startDurable(dir: string, split = false): void {
  const store = durableStore(join(dir, 'durable.db'), split);
  const key = createSecretKey(Buffer.from(BENCH_KEY));
  let queue: Array<DurableRow & { res: ServerResponse }> = [];
  const flush = () => {
    const batch = queue;
    queue = [];
    store(batch, () => {
      for (const d of batch) d.res.writeHead(200).end();
    });
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const expected = createHmac('sha256', key).update(body).digest('base64');
      const verified = req.headers['x-svc-hmac-sha256'] === expected ? 1 : 0;
      if (queue.length === 0) setImmediate(flush);
      queue.push({ headers: JSON.stringify(req.rawHeaders), body, verified, res });
    });
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(`READY ${(server.address() as { port: number }).port}\n`));
}

// A clean exit on SIGINT lets --cpu-prof write its profile.
process.on('SIGINT', () => process.exit(0));

async function main() {
  if (mode === 'bare') {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200).end());
    });
    server.listen(0, '127.0.0.1', () => process.stdout.write(`READY ${(server.address() as { port: number }).port}\n`));
    return;
  }
  if (mode === 'durable' || mode === 'durable-split') {
    startDurable(mkdtempSync(join(tmpdir(), 'hooklab-bench-durable-')), mode === 'durable-split');
    return;
  }
  if (mode === 'hooklab' || mode === 'hooklab-full') {
    // hooklab-full <cap>: a store kept at that retention cap, so every batch also removes the oldest rows.
    const listener = mode === 'hooklab-full' ? { retainDeliveries: Number(process.argv[3]) } : {};
    const core = await startHooklab(mkdtempSync(join(tmpdir(), 'hooklab-bench-')), listener);
    process.stdout.write(`READY ${core.ctx.runtime.status.get().listener.port}\n`);
    return;
  }
  if (mode === 'seed') {
    seed(join(process.argv[3]!, 'hooklab.db'), Number(process.argv[4] ?? 100_000));
    process.stdout.write('{"seeded":true}\n');
    return;
  }
  if (mode === 'memory') {
    const core = await startHooklab(process.argv[3]!);
    global.gc?.();
    const count = core.ctx.data.db.prepare('SELECT COUNT(*) AS n FROM received_deliveries').get() as { n: number };
    const idle = process.memoryUsage();
    let before: number | undefined;
    let listed = 0;
    let peak = idle;
    for (;;) {
      const page = await core.handlers['live.list']({ limit: 20_000, ...(before ? { beforeId: before } : {}) });
      listed += page.rows.length;
      const now = process.memoryUsage();
      if (now.rss > peak.rss) peak = now;
      if (page.nextBeforeId === null) break;
      before = page.nextBeforeId;
    }
    global.gc?.();
    const after = process.memoryUsage();
    process.stdout.write(JSON.stringify({ count: count.n, listed, idle, peak, after }) + '\n');
    await core.stop();
    return;
  }
  throw new Error('mode: bare | durable | durable-split | hooklab | hooklab-full | seed | memory');
}

/**
 * CPU time (µs) of this process's thread that serves requests: the listener's own thread
 * (named hooklab-listener, cut to 15 characters by Linux) when there is one, else the main
 * thread. Read from /proc (clock ticks of user + system time); null where there is no /proc.
 */
function serverThreadCpuUs(): number | null {
  const ticksToUs = 1_000_000 / 100; // USER_HZ is 100 on Linux
  try {
    let main: number | null = null;
    for (const task of readdirSync('/proc/self/task')) {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const us = (Number(fields[11]) + Number(fields[12])) * ticksToUs;
      if (name === 'hooklab-listene') return us;
      if (task === String(process.pid)) main = us;
    }
    return main;
  } catch {
    return null;
  }
}

/**
 * SIGUSR1 starts a measurement, SIGUSR2 prints `USAGE {"busy", "cpuUs", "threadCpuUs"}` for the
 * time since: the share of time the event loop was busy, the CPU time the process used and the
 * CPU time of the thread that serves requests (see serverThreadCpuUs).
 */
function reportUsageOnSignals(): void {
  let loop = performance.eventLoopUtilization();
  let cpu = process.cpuUsage();
  let thread = serverThreadCpuUs();
  process.on('SIGUSR1', () => {
    loop = performance.eventLoopUtilization();
    cpu = process.cpuUsage();
    thread = serverThreadCpuUs();
  });
  process.on('SIGUSR2', () => {
    const used = process.cpuUsage(cpu);
    const busy = performance.eventLoopUtilization(loop).utilization;
    const now = serverThreadCpuUs();
    const threadCpuUs = now !== null && thread !== null ? now - thread : null;
    process.stdout.write(`USAGE ${JSON.stringify({ busy, cpuUs: used.user + used.system, threadCpuUs })}\n`);
  });
}

if (process.argv[1]?.endsWith('listener-ingest-server.ts')) {
  reportUsageOnSignals();
  main().catch((error: unknown) => {
    process.stderr.write(String((error as Error).stack) + '\n');
    process.exit(1);
  });
}
