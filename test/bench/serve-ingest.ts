/**
 * The app users run under signed-webhook load: `npm run serve` started as a user starts it
 * (HOOKLAB_WEBHOOK_KEY set, a temporary HOME and data folder, ports chosen here), measured as a
 * whole process tree (npm, its shell, tsx, node and all their threads) in the same rounds as
 * the listener alone (listener-ingest-server.ts hooklab: a core with only the live feature),
 * the minimal durable receiver (node:http + HMAC + SQLite group commit, synchronous=FULL) and
 * bare node:http, with the same load generators (ingest-kit.ts):
 *   - throughput: autocannon, 50 connections, `seconds` s;
 *   - p50/p99 time-to-answer at 1,000/s open loop (ingest-load.ts, timed from each scheduled send);
 *   - CPU per delivery of the whole process group during the throughput load, from /proc
 *     (utime + stime of every process of the group, which counts all of its threads).
 * `--earlier <checkout>` (repeatable) runs that checkout's `npm run serve` in the same rounds.
 * Last, `live.search` typed during a 120/s burst (issue 41): its latency while the index
 * catches up, and the "indexing N…" it reports, for this serve and each earlier one.
 *
 *   npx tsx test/bench/serve-ingest.ts [rounds=3] [seconds=8] [--earlier <checkout>]...
 * An earlier checkout needs its node_modules and its built UI, e.g.
 *   git worktree add /work/wt-earlier 58d4719 && ln -s "$PWD/node_modules" /work/wt-earlier/
 * Writes test/bench/results/serve-ingest.md (summarised in BENCHMARKS.md).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_KEY, fixedRate, load, median, root, startServer, stop, track } from './ingest-kit';
import { call } from './serve-host';

const args = parseArgs({ allowPositionals: true, options: { earlier: { type: 'string', multiple: true }, 'search-seconds': { type: 'string' } } });
const rounds = Math.max(1, Number(args.positionals[0] ?? 3));
const seconds = Number(args.positionals[1] ?? 8);
const searchSeconds = Number(args.values['search-seconds'] ?? 20);
const earlier = (args.values.earlier ?? []).map((dir) => resolve(dir));
for (const dir of earlier) {
  if (!existsSync(join(dir, 'node_modules')) || !existsSync(join(dir, 'package.json'))) {
    process.stderr.write(`--earlier ${dir}: not a checkout with its node_modules\n`);
    process.exit(2);
  }
}
const commitOf = (dir: string) => execFileSync('git', ['-C', dir, 'log', '-1', '--format=%h'], { encoding: 'utf8' }).trim();
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU seconds (user + system, all threads) of every live process in process group `pgid`. */
function groupCpuSeconds(pgid: number): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // Exited meanwhile.
    }
    // Fields after the command name (which may hold spaces), from field 3 (state) on.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== pgid) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS_PER_SECOND;
}

interface Running {
  readonly child: ChildProcess;
  readonly port: number;
  /** serve's address with its token (for live.search); null for the plain receivers. */
  readonly openUrl: string | null;
  readonly done: () => Promise<void>;
}

/** `npm run serve` of `checkout` as a user starts it, in its own process group. */
async function startServe(checkout: string): Promise<Running> {
  const home = mkdtempSync(join(tmpdir(), 'hooklab-serve-home-'));
  const dataDir = join(home, 'data');
  // Options by what the checkout's serve takes (58d4719 had --port and no sandbox or OTLP receiver).
  const current = ['electron/hosts/kit/run-options/host-options.ts', 'electron/hosts/cli/options/host-options.ts'].some((file) => existsSync(join(checkout, file)));
  const ports = current ? ['--ui-port', '0', '--listener-port', '0', '--sandbox-port', '0', '--otlp-port', '0'] : ['--port', '0', '--listener-port', '0'];
  const child = track(spawn('npm', ['run', 'serve', '--', ...ports, '--data-dir', dataDir], {
    cwd: checkout,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_DATA_HOME: join(home, '.local/share'),
      HOOKLAB_WEBHOOK_KEY: BENCH_KEY,
      PATH: `${join(checkout, 'node_modules/.bin')}:${process.env.PATH}`,
    },
  }));
  const done = async () => {
    await stop(child, 'SIGTERM');
    rmSync(home, { recursive: true, force: true });
  };
  let output = '';
  try {
    return await new Promise<Running>((resolvePort, reject) => {
      const onData = (c: Buffer) => {
        output += c.toString();
        const listening = /Listening for webhooks on http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
        const open = /Hooklab is running at (http:\/\/\S+)/.exec(output);
        if (!listening || !open) return;
        // From now on its output (a line per delivery) is drained, not kept.
        for (const stream of [child.stdout!, child.stderr!]) stream.off('data', onData).on('data', () => {});
        resolvePort({ child, port: Number(listening[1]), openUrl: open[1]!, done });
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`npm run serve in ${checkout} exited ${code}\n${output}`)));
    });
  } catch (error) {
    await done();
    throw error;
  }
}

/** A receiver of listener-ingest-server.ts (bare, durable, hooklab: the listener alone). */
async function startReceiver(mode: string): Promise<Running> {
  const { child, line } = await startServer(mode);
  return { child, port: Number(line.split(' ')[1]), openUrl: null, done: () => stop(child) };
}

interface Measured {
  readonly rps: number;
  readonly cpuUsPerDelivery: number;
  readonly p50: number;
  readonly p99: number;
  readonly failed: number;
}

async function measure(start: () => Promise<Running>): Promise<Measured> {
  const running = await start();
  try {
    await load(running.port, { connections: 10, duration: 1 }); // warm-up (JIT, first pages)
    const cpuBefore = groupCpuSeconds(running.child.pid!);
    const max = await load(running.port, { connections: 50, duration: seconds });
    const cpu = groupCpuSeconds(running.child.pid!) - cpuBefore;
    const fixed = await fixedRate(running.port, 1000, seconds);
    return { rps: max.requests.average, cpuUsPerDelivery: (cpu * 1e6) / max.requests.total, p50: fixed.p50, p99: fixed.p99, failed: max.non2xx + max.errors + fixed.non2xx + fixed.errors };
  } finally {
    await running.done();
  }
}

interface SearchFigures {
  readonly quietMs: number[];
  readonly burstMs: number[];
  readonly indexing: number[];
  readonly stored: number;
}

/** live.search on `checkout`'s serve: quiet, then every 500 ms during a 120/s burst of `searchSeconds`. */
async function searchDuringBurst(checkout: string): Promise<SearchFigures | null> {
  const running = await startServe(checkout);
  const search = async () => {
    const t = performance.now();
    const hits = await call<{ ids: number[]; indexing?: number }>(running.openUrl!, 'live.search', { query: 'succeeded' });
    return { ms: performance.now() - t, indexing: hits.indexing ?? 0 };
  };
  try {
    // A store that has seen use (as many as 50 senders store in 8 s), indexed before the quiet searches.
    const seeded = await load(running.port, { connections: 50, duration: 8 });
    while ((await search()).indexing > 0) await new Promise((r) => setTimeout(r, 500));
    const quietMs: number[] = [];
    for (let i = 0; i < 5; i++) quietMs.push((await search()).ms);
    const burst = fixedRate(running.port, 120, searchSeconds);
    let over = false;
    void burst.finally(() => (over = true));
    const burstMs: number[] = [];
    const indexing: number[] = [];
    while (!over) {
      const { ms, indexing: waiting } = await search();
      burstMs.push(ms);
      indexing.push(waiting);
      await new Promise((r) => setTimeout(r, 500));
    }
    const sent = await burst;
    return { quietMs, burstMs, indexing, stored: seeded.requests.total + sent.rps * searchSeconds };
  } catch (error) {
    process.stderr.write(`search during a burst on ${checkout}: ${(error as Error).message}\n`);
    return null;
  } finally {
    await running.done();
  }
}

const p = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? Number.NaN;
const f0 = (x: number) => x.toFixed(0);
const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);

async function main() {
  const names = ['bare', 'durable', 'listener alone', `serve (this, ${commitOf(root)})`, ...earlier.map((dir) => `serve ${commitOf(dir)}`)];
  const starts: Array<() => Promise<Running>> = [() => startReceiver('bare'), () => startReceiver('durable'), () => startReceiver('hooklab'), () => startServe(root), ...earlier.map((dir) => () => startServe(dir))];
  const results: Measured[][] = names.map(() => []);
  const loads: number[] = [];
  const startedAt = new Date();
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < starts.length; i++) {
      loads.push(loadavg()[0]!);
      results[i]!.push(await measure(starts[i]!));
    }
    process.stderr.write(`round ${r + 1}: ${names.map((n, i) => `${n} ${f0(results[i]!.at(-1)!.rps)}/s p99 ${results[i]!.at(-1)!.p99} ms`).join(', ')}\n`);
  }
  const [, durable, alone, serve] = results as [Measured[], Measured[], Measured[], Measured[]];
  const ratio = (xs: Measured[], ys: Measured[], pick: (m: Measured) => number) => xs.map((x, i) => pick(x) / Math.max(pick(ys[i]!), 0.01));
  const spread = (xs: number[], digits = f2) => `**${digits(median(xs))}** (${xs.map(digits).join(' / ')})`;
  const throughputRows = names.map((n, i) => `| ${n} | ${results[i]!.map((m) => f0(m.rps)).join(' / ')} | ${spread(ratio(results[i]!, durable, (m) => m.rps))} | ${spread(ratio(results[i]!, alone, (m) => m.rps))} | ${results[i]!.map((m) => m.failed).join(' / ')} |`);
  const latencyRows = names.map((n, i) => `| ${n} | ${results[i]!.map((m) => f1(m.p50)).join(' / ')} | ${results[i]!.map((m) => f1(m.p99)).join(' / ')} | ${spread(ratio(results[i]!, durable, (m) => m.p99))} |`);
  const cpuRows = names.map((n, i) => `| ${n} | ${spread(results[i]!.map((m) => m.cpuUsPerDelivery), f0)} |`);

  const searchRows: string[] = [];
  for (const dir of [root, ...earlier]) {
    const s = await searchDuringBurst(dir);
    searchRows.push(
      s === null
        ? `| serve ${commitOf(dir)} | n/a (no live.search) | | | | | |`
        : `| serve ${commitOf(dir)} | ${s.stored.toLocaleString('en-US')} | ${f0(median(s.quietMs))} | ${f0(median(s.burstMs))} | ${f0(p(s.burstMs, 0.95))} | ${f0(Math.max(...s.burstMs))} | ${f0(Math.max(...s.indexing))} (${s.burstMs.length} searches) |`,
    );
  }
  const md = `## The app users run: \`npm run serve\` under signed-webhook load

Command: \`npx tsx test/bench/serve-ingest.ts ${rounds} ${seconds}${earlier.map((e) => ` --earlier ${e}`).join('')}\`, ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC,
${cpus().length} cores, load average ${f1(Math.min(...loads))}-${f1(Math.max(...loads))} while it ran (other work on the machine: read the ratios, measured in the same rounds).
Each serve is \`npm run serve\` as a user starts it (temporary HOME and data folder,
HOOKLAB_WEBHOOK_KEY set, ports chosen here), measured as its whole process group; "listener
alone" is a core with only the live feature (listener-ingest-server.ts hooklab), "durable" the
minimal durable receiver (node:http + HMAC + SQLite group commit, synchronous=FULL), "bare" node:http
answering 200. Each round runs every receiver once, in this order, on a fresh process and data folder.

### Throughput (autocannon, 50 connections, ${seconds} s)

| receiver | req/s per round | / durable, median (rounds) | / listener alone, median (rounds) | non-2xx + errors |
|---|---|---|---|---|
${throughputRows.join('\n')}

### Time to answer at 1,000 deliveries/s, open loop (${seconds} s, timed from each scheduled send)

| receiver | p50 ms per round | p99 ms per round | p99 / durable's p99, median (rounds) |
|---|---|---|---|
${latencyRows.join('\n')}

### CPU per delivery of the whole process group (user + system, all threads, /proc), during the throughput load

| receiver | µs per delivery, median (rounds) |
|---|---|
${cpuRows.join('\n')}

### live.search typed during a 120/s burst (${searchSeconds} s, a search every 500 ms; the 'indexing' the answer reports)

Each serve first stores what 50 senders send in 8 s, and is searched quietly once its index caught up.

| serve | stored at the end | quiet ms (median of 5) | during the burst: median ms | p95 ms | max ms | most "indexing N" reported |
|---|---|---|---|---|---|---|
${searchRows.join('\n')}
`;
  writeFileSync(join(root, 'test/bench/results/serve-ingest.md'), md);
  process.stdout.write(md);
  // The serve under measurement summarises its throughput ratio on stderr too.
  process.stderr.write(`serve / listener alone ${f2(median(ratio(serve, alone, (m) => m.rps)))}, serve / durable ${f2(median(ratio(serve, durable, (m) => m.rps)))}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(String((error as Error).stack) + '\n');
  process.exit(1);
});
