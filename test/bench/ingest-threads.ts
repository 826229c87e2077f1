/**
 * Where the listener's CPU goes, thread by thread: the listener alone (a core with only the live
 * feature: listener-ingest-server.ts hooklab) under 50 connections of signed deliveries, and the
 * CPU time each of its threads used per delivery, from /proc/<pid>/task (user + system): the
 * listener's own thread, the main thread (the batch's event, the search index, the status), V8's
 * helper threads (garbage collection) and the WAL checkpointer. The minimal durable receiver
 * (node:http + HMAC + SQLite group commit, one thread) runs in the same rounds for scale.
 * `--earlier <checkout>` (repeatable) measures that checkout's listener too, in the same rounds,
 * alternating with this one: before/after figures of a change on a shared machine.
 *
 *   npx tsx test/bench/ingest-threads.ts [rounds=3] [seconds=6] [--earlier <checkout>]...
 * Writes test/bench/results/ingest-threads.md.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { load, median, root, startServer, stop } from './ingest-kit';

const args = parseArgs({ allowPositionals: true, options: { earlier: { type: 'string', multiple: true } } });
const rounds = Math.max(1, Number(args.positionals[0] ?? 3));
const seconds = Number(args.positionals[1] ?? 6);
const earlier = (args.values.earlier ?? []).map((dir) => resolve(dir));
for (const dir of earlier) {
  if (!existsSync(join(dir, 'node_modules')) || !existsSync(join(dir, 'test/bench/listener-ingest-server.ts'))) {
    process.stderr.write(`--earlier ${dir}: not a checkout with this bench's server and its node_modules\n`);
    process.exit(2);
  }
}
const commitOf = (dir: string) => execFileSync('git', ['-C', dir, 'log', '-1', '--format=%h', 'HEAD'], { encoding: 'utf8' }).trim();
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** Thread kinds by the name Linux gives them (cut to 15 characters). */
function kindOf(name: string, isMain: boolean): string {
  if (isMain) return 'main';
  if (name === 'hooklab-listene') return 'listener';
  if (name.startsWith('V8Worker')) return 'V8 helpers (GC)';
  if (name === 'WorkerThread') return 'checkpointer';
  return 'other';
}

/** CPU seconds per kind of thread of process `pid`. */
function threadCpu(pid: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
    } catch {
      continue; // Ended meanwhile.
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const kind = kindOf(name, task === String(pid));
    out[kind] = (out[kind] ?? 0) + (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  }
  return out;
}

interface Measured {
  readonly rps: number;
  /** µs of CPU per delivery, by kind of thread, and 'all'. */
  readonly us: Record<string, number>;
}

async function measure(mode: 'hooklab' | 'durable', checkout: string): Promise<Measured> {
  const { child, line } = await startServer(mode, [], undefined, checkout);
  try {
    const port = Number(line.split(' ')[1]);
    await load(port, { connections: 10, duration: 1 }); // warm-up (JIT, first pages)
    const before = threadCpu(child.pid!);
    const result = await load(port, { connections: 50, duration: seconds });
    const after = threadCpu(child.pid!);
    const us: Record<string, number> = { all: 0 };
    for (const [kind, cpu] of Object.entries(after)) {
      const used = ((cpu - (before[kind] ?? 0)) * 1e6) / result.requests.total;
      us[kind] = used;
      us['all']! += used;
    }
    return { rps: result.requests.average, us };
  } finally {
    await stop(child);
  }
}

const receivers = [{ label: 'durable', mode: 'durable' as const, checkout: root }, ...earlier.map((dir) => ({ label: `listener alone ${commitOf(dir)}`, mode: 'hooklab' as const, checkout: dir })), { label: `listener alone (this, ${commitOf(root)})`, mode: 'hooklab' as const, checkout: root }];
const results = new Map<string, Measured[]>(receivers.map((r) => [r.label, []]));
const loads: number[] = [];
for (let r = 0; r < rounds; r++) {
  for (const receiver of receivers) {
    loads.push(loadavg()[0]!);
    const m = await measure(receiver.mode, receiver.checkout);
    results.get(receiver.label)!.push(m);
    process.stdout.write(`round ${r + 1} ${receiver.label}: ${m.rps.toFixed(0)} req/s, ${Object.entries(m.us).map(([k, v]) => `${k} ${v.toFixed(0)} µs`).join(', ')}\n`);
  }
}

const kinds = ['all', 'listener', 'main', 'V8 helpers (GC)', 'checkpointer', 'other'];
const cell = (ms: Measured[], kind: string) => {
  const values = ms.map((m) => m.us[kind] ?? 0);
  return `**${median(values).toFixed(0)}** (${values.map((v) => v.toFixed(0)).join(' / ')})`;
};
const rows = receivers.map(({ label }) => {
  const ms = results.get(label)!;
  return `| ${label} | ${median(ms.map((m) => m.rps)).toFixed(0)} | ${kinds.map((k) => cell(ms, k)).join(' | ')} |`;
});
const report = `## CPU per delivery, thread by thread

Command: \`npx tsx test/bench/ingest-threads.ts ${process.argv.slice(2).join(' ')}\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC,
load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} while it ran. 50 connections of signed ~430-byte deliveries for ${seconds} s
per receiver and round; the receivers alternate within each round. CPU from /proc/<pid>/task (user + system, 10 ms ticks),
divided by the deliveries answered. Medians (rounds).

| receiver | req/s | all threads µs | listener's thread µs | main thread µs | V8 helpers (GC) µs | checkpointer µs | other µs |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
writeFileSync(join(root, 'test/bench/results/ingest-threads.md'), report);
process.stdout.write(`\n${report}`);
