/**
 * Signed-webhook ingest: the listener (verify, judge, persist with group commit, answer 200)
 * against a bare node:http server answering 200 to the same load, in the same run. Each server
 * runs in its own child process; the load (autocannon) comes from this process. Rounds
 * alternate bare/hooklab on fresh processes and databases; medians are reported. Also: p99
 * time-to-2xx at a fixed 1,000 deliveries/s, and the core's memory with 100k stored deliveries.
 *
 * Two more receivers answer whether the targets are within reach on this machine: the minimal
 * durable receiver with its commits on a second thread (durable-split), and, with `--earlier
 * <checkout>`, the listener of an earlier commit of Hooklab (its own bench server, its own code).
 *
 *   npx tsx test/bench/listener-ingest.ts [rounds=3] [seconds=8] [--earlier <checkout>]
 * The earlier checkout needs its dependencies, e.g.
 *   git worktree add /tmp/hooklab-d532c85 d532c85 && ln -s "$PWD/node_modules" /tmp/hooklab-d532c85/
 * Writes test/bench/results/listener-ingest.md (summarised in BENCHMARKS.md).
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { body, fixedRate, load, median, root, startServer, stop } from './ingest-kit';

const args = parseArgs({ allowPositionals: true, options: { earlier: { type: 'string' } } });
/** A checkout of an earlier commit whose listener is measured too (its test/bench/listener-ingest-server.ts hooklab mode). */
const earlier = args.values.earlier !== undefined ? resolve(args.values.earlier) : null;
if (earlier !== null && !existsSync(join(earlier, 'test/bench/listener-ingest-server.ts'))) {
  process.stderr.write(`--earlier ${earlier}: no test/bench/listener-ingest-server.ts there (a checkout of a commit that has this bench, with its node_modules)\n`);
  process.exit(2);
}
const rounds = Math.max(1, Number(args.positionals[0] ?? 3));
const seconds = Number(args.positionals[1] ?? 8);
/** The retention cap of the full-store rounds: reached in the warm-up, so their load runs on a full store. */
const FULL_STORE_DELIVERIES = 5000;

/** The server's event-loop busy share and CPU time since `begin` (see listener-ingest-server's signals). */
function usage(child: ChildProcess): { begin(): void; end(): Promise<{ busy: number; cpuUs: number; threadCpuUs: number | null }> } {
  return {
    begin: () => child.kill('SIGUSR1'),
    end: () =>
      new Promise((resolve) => {
        let out = '';
        const onData = (c: Buffer) => {
          out += c.toString();
          const line = out.split('\n').find((l) => l.startsWith('USAGE '));
          if (!line) return;
          child.stdout!.off('data', onData);
          resolve(JSON.parse(line.slice(6)) as { busy: number; cpuUs: number; threadCpuUs: number | null });
        };
        child.stdout!.on('data', onData);
        child.kill('SIGUSR2');
      }),
  };
}

const NO_USAGE = { busy: Number.NaN, cpuUs: Number.NaN, threadCpuUs: null };

async function measure(mode: 'bare' | 'durable' | 'durable-split' | 'hooklab' | 'hooklab-full' | 'earlier') {
  // An earlier commit's bench server may not answer the usage signals (SIGUSR1 would end it).
  const { child, line } =
    mode === 'earlier'
      ? await startServer('hooklab', [], undefined, earlier!)
      : await startServer(mode, mode === 'hooklab-full' ? [String(FULL_STORE_DELIVERIES)] : []);
  const port = Number(line.split(' ')[1]);
  try {
    await load(port, { connections: 10, duration: 1 }); // warm-up (JIT, first pages)
    const meter = mode === 'earlier' ? null : usage(child);
    meter?.begin();
    const max = await load(port, { connections: 50, duration: seconds });
    const used = meter ? await meter.end() : NO_USAGE;
    // Fixed rate from a plain generator process: it times each request from its scheduled
    // send, and is quieter than autocannon's rate limiter on 2 shared cores.
    const fixed = await fixedRate(port, 1000, seconds);
    return { rps: max.requests.average, busy: used.busy, cpuUsPerRequest: used.cpuUs / max.requests.total, threadCpuUsPerRequest: used.threadCpuUs === null ? null : used.threadCpuUs / max.requests.total, non2xx: max.non2xx + fixed.non2xx, errors: max.errors + fixed.errors, p99: fixed.p99, p50: fixed.p50, fixedRps: fixed.rps };
  } finally {
    await stop(child);
  }
}

/** One receiver's figures in one round. */
type Measured = Awaited<ReturnType<typeof measure>>;

async function main() {
  const bare: Measured[] = [];
  const durable: Measured[] = [];
  const hooklab: Measured[] = [];
  const full: Measured[] = [];
  const split: Measured[] = [];
  const before: Measured[] = [];
  for (let r = 0; r < rounds; r++) {
    bare.push(await measure('bare'));
    durable.push(await measure('durable'));
    hooklab.push(await measure('hooklab'));
    full.push(await measure('hooklab-full'));
    split.push(await measure('durable-split'));
    if (earlier) before.push(await measure('earlier'));
    process.stderr.write(
      `round ${r + 1}: bare ${bare.at(-1)!.rps.toFixed(0)} req/s, durable ${durable.at(-1)!.rps.toFixed(0)} req/s, durable-split ${split.at(-1)!.rps.toFixed(0)} req/s, ${earlier ? `earlier ${before.at(-1)!.rps.toFixed(0)} req/s, ` : ''}hooklab ${hooklab.at(-1)!.rps.toFixed(0)} req/s, p99@1000/s ${hooklab.at(-1)!.p99} ms (bare ${bare.at(-1)!.p99} ms)\n`,
    );
  }
  const ratios = hooklab.map((h, i) => h.rps / bare[i]!.rps);
  const durableRatios = hooklab.map((h, i) => h.rps / durable[i]!.rps);
  const p99Ratios = hooklab.map((h, i) => h.p99 / Math.max(bare[i]!.p99, 0.1));
  // What durability alone costs at the tail: the minimal durable receiver's p99 over bare's.
  const durableP99Ratios = durable.map((d, i) => d.p99 / Math.max(bare[i]!.p99, 0.1));
  const p99VsDurable = hooklab.map((h, i) => h.p99 / Math.max(durable[i]!.p99, 0.1));
  const seedDir = mkdtempSync(join(tmpdir(), 'hooklab-bench-mem-'));
  await startServer('seed', [seedDir, '100000']);
  const { line } = await startServer('memory', [seedDir]);
  const memory = JSON.parse(line) as { count: number; listed: number; idle: NodeJS.MemoryUsage; peak: NodeJS.MemoryUsage; after: NodeJS.MemoryUsage };
  const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
  const rows = hooklab.map(
    (h, i) =>
      `| ${i + 1} | ${bare[i]!.rps.toFixed(0)} | ${durable[i]!.rps.toFixed(0)} | ${h.rps.toFixed(0)} | ${durableRatios[i]!.toFixed(2)} | ${(ratios[i]! * 100).toFixed(0)}% | ${h.fixedRps.toFixed(0)} | ${h.p50} | ${h.p99} | ${bare[i]!.p99} | ${durable[i]!.p99} | ${p99Ratios[i]!.toFixed(1)}× | ${durableP99Ratios[i]!.toFixed(1)}× | ${h.non2xx + h.errors} |`,
  );
  const us = (x: number | null | undefined) => (x === null || x === undefined ? 'n/a' : x.toFixed(0));
  const threadRows = hooklab.map(
    (h, i) =>
      `| ${i + 1} | ${us(durable[i]!.threadCpuUsPerRequest)} | ${us(h.threadCpuUsPerRequest)} | ${us(full[i]!.threadCpuUsPerRequest)} | ${(full[i]!.rps / durable[i]!.rps).toFixed(2)} |`,
  );
  const medianOf = (xs: Array<number | null>) => {
    const known = xs.filter((x): x is number => x !== null);
    return known.length > 0 ? median(known) : null;
  };
  const earlierCommit = earlier ? execFileSync('git', ['-C', earlier, 'log', '-1', '--format=%h (%cs)'], { encoding: 'utf8' }).trim() : null;
  const reachRows = durable.map(
    (d, i) =>
      `| ${i + 1} | ${d.rps.toFixed(0)} | ${split[i]!.rps.toFixed(0)} | ${(split[i]!.rps / d.rps).toFixed(2)} | ${(split[i]!.p99 / Math.max(bare[i]!.p99, 0.1)).toFixed(1)}× | ${before[i] ? `${before[i]!.rps.toFixed(0)} | ${(before[i]!.rps / d.rps).toFixed(2)}` : 'n/a | n/a'} | ${hooklab[i]!.rps.toFixed(0)} | ${durableRatios[i]!.toFixed(2)} |`,
  );
  const reach = `### Within reach on this machine?

Two more receivers in the same rounds: the minimal durable receiver with its commits on a second
thread (\`durable-split\`: this thread reads and answers, the other commits; batches sent while it
commits share one fsync), and ${earlierCommit ? `the listener of Hooklab at ${earlierCommit}, measured with that checkout's own bench server and code` : 'no earlier listener (run with `--earlier <checkout>` to add one)'}.

| round | durable req/s | durable-split req/s | durable-split / durable | durable-split p99 / bare | earlier listener req/s | earlier listener / durable | listener req/s | listener / durable |
|---|---|---|---|---|---|---|---|---|
${reachRows.join('\n')}

**Median: durable-split ${median(split.map((x, i) => x.rps / durable[i]!.rps)).toFixed(2)} of the durable receiver${before.length > 0 ? `, the earlier listener ${median(before.map((x, i) => x.rps / durable[i]!.rps)).toFixed(2)}` : ''}, this listener ${median(durableRatios).toFixed(2)}.**
`;
  const usageRows = hooklab.map(
    (h, i) => `| ${i + 1} | ${pct(bare[i]!.busy)} | ${pct(h.busy)} | ${bare[i]!.cpuUsPerRequest.toFixed(0)} | ${h.cpuUsPerRequest.toFixed(0)} |`,
  );
  const md = `## Listener ingest (signed webhooks)

Command: \`npx tsx test/bench/listener-ingest.ts ${rounds} ${seconds}${earlier ? ` --earlier ${earlier}` : ''}\` (${new Date().toISOString().slice(0, 10)}).
Each server runs in its own child process, load from the bench process (autocannon) on loopback;
rounds alternate a bare \`node:http\` server answering 200, a minimal durable receiver
(\`node:http\` + HMAC + SQLite group commit with synchronous=FULL, 200 after the commit) and the
real listener (core with the live feature; the listener in its own thread: HMAC verify,
event/duplicate/order checks, group-committed SQLite insert with synchronous=FULL, then 200), then the same listener on a full store. Body ${Buffer.byteLength(body)} bytes, a new event id per request.
Throughput: autocannon, 50 connections. Latency at 1,000/s: \`test/bench/ingest-load.ts\` in its own
process, each request timed from its scheduled send (no coordinated omission).

| round | bare req/s (50 conns) | durable req/s | listener req/s | listener / durable | listener / bare | listener req/s at 1,000/s target | p50 ms | p99 ms (listener) | p99 ms (bare) | p99 ms (durable) | p99 listener / bare | p99 durable / bare | non-2xx + errors |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

**Median throughput: ${median(durableRatios).toFixed(2)} of the minimal durable receiver** (target at least 0.9), ${(median(ratios) * 100).toFixed(0)}% of the bare server.
**Median p99 time-to-2xx at 1,000 deliveries/s: ${median(hooklab.map((h) => h.p99))} ms, ${median(p99Ratios).toFixed(1)}× bare node:http's** (target at most 1.5×);
the minimal durable receiver's own p99 is ${median(durableP99Ratios).toFixed(1)}× bare's (one fsync before each answer), and the listener's is ${median(p99VsDurable).toFixed(1)}× the durable receiver's.
The event-loop figures below are the listener process's main thread: the listener's own work runs in its thread.

Where the server's time goes during the 50-connection load (event-loop utilisation, and the
process's user + system CPU time divided by the requests answered):

| round | bare: event loop busy | listener: event loop busy | bare: CPU µs per request | listener: CPU µs per request |
|---|---|---|---|---|
${usageRows.join('\n')}

**Median CPU per request: bare ${median(bare.map((b) => b.cpuUsPerRequest)).toFixed(0)} µs, listener ${median(hooklab.map((h) => h.cpuUsPerRequest)).toFixed(0)} µs.**

The thread that serves the requests, CPU µs per request during the same load (Linux: from
/proc/self/task): the minimal durable receiver's main thread, the listener's own thread, and the
listener's thread on a full store (retention cap ${FULL_STORE_DELIVERIES.toLocaleString('en')}, reached in the warm-up, so every batch
also removes the oldest rows), with that full store's throughput against the durable receiver's:

| round | durable: thread CPU µs per request | listener: thread CPU µs per request | listener, full store: thread CPU µs per request | listener, full store / durable |
|---|---|---|---|---|
${threadRows.join('\n')}

**Median thread CPU per request: durable ${us(medianOf(durable.map((d) => d.threadCpuUsPerRequest)))} µs, listener ${us(medianOf(hooklab.map((h) => h.threadCpuUsPerRequest)))} µs, listener on a full store ${us(medianOf(full.map((f) => f.threadCpuUsPerRequest)))} µs.**

${reach}
### Core memory with ${memory.count.toLocaleString('en')} stored deliveries

A fresh core process (live feature) on a database of ${memory.count.toLocaleString('en')} deliveries of ~800 bytes, seeded by another process:
after start RSS ${mb(memory.idle.rss)}, heap ${mb(memory.idle.heapUsed)}; while listing every
summary (${memory.listed.toLocaleString('en')}, pages of 20,000, as the UI does) peak RSS
${mb(memory.peak.rss)}, heap ${mb(memory.peak.heapUsed)}; after GC RSS ${mb(memory.after.rss)}, heap ${mb(memory.after.heapUsed)}.
Bodies stay in SQLite; the core keeps no per-delivery state in memory.
`;
  rmSync(seedDir, { recursive: true, force: true });
  writeFileSync(join(root, 'test/bench/results/listener-ingest.md'), md);
  process.stdout.write(md);
}

main().catch((error: unknown) => {
  process.stderr.write(String((error as Error).stack) + '\n');
  process.exit(1);
});
