/**
 * The first Sequences read after a start, over large stored bodies: 126 received deliveries of
 * about 5 MB each (orders of Created, SuccessPayment and Updated events, test/bench/sequences-seed.ts),
 * `serve` started on them, the search index left to finish, then `sequences.list` asked once
 * through the local API. Reported: that call's time, serve's peak resident memory during it
 * (VmHWM, reset just before) and its resident memory before and after, and a second call's time.
 *
 *   npx tsx test/bench/sequences-big-bodies.ts [deliveries=126] [bodyMB=5]
 * Writes test/bench/results/sequences-big-bodies.md (summarised in BENCHMARKS.md).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, root, runScript } from './serve-host';

const deliveries = Number(process.argv[2] ?? 126);
const bodyMb = Number(process.argv[3] ?? 5);

/** A field of /proc/PID/status, in MB. */
function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hooklab-bench-seq-big-'));
  // Free ports for every server (never the defaults: a running Hooklab may hold them).
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ tracing: { port: 0 } }));
  let pid: number | null = null;
  try {
    const seeded = await runScript(['test/bench/sequences-seed.ts', dataDir, String(deliveries), '0', '3', String(bodyMb * 1024 * 1024)], /\{"seeded":true,"orders":(\d+)\}/);
    const orders = Number(seeded.match[1]);
    await new Promise((resolve) => seeded.child.once('exit', resolve));
    const serve = await runScript(['electron/hosts/cli/serve.ts', '--ui-port', '0', '--listener-port', '0', '--data-dir', dataDir], /Hooklab is running at (http:\/\/\S+)/);
    pid = serve.child.pid!;
    const openUrl = serve.match[1]!;
    // The search index takes the stored bodies in after a start: measured apart, it is left to finish.
    for (;;) {
      const { indexing } = await call<{ indexing: number }>(openUrl, 'live.search', { query: 'SuccessPayment', limit: 1 });
      if (indexing === 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const rssBefore = memoryMb(pid, 'VmRSS');
    writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current resident size
    const started = performance.now();
    const first = await call<{ allOrders: number }>(openUrl, 'sequences.list', {});
    const firstMs = performance.now() - started;
    const peak = memoryMb(pid, 'VmHWM');
    const rssAfter = memoryMb(pid, 'VmRSS');
    const again = performance.now();
    await call(openUrl, 'sequences.list', {});
    const secondMs = performance.now() - again;
    const report = [
      '# The first Sequences read over large bodies',
      '',
      `\`npx tsx test/bench/sequences-big-bodies.ts ${deliveries} ${bodyMb}\` (${new Date().toISOString().slice(0, 10)}): ${deliveries} received deliveries of ${bodyMb} MB`,
      `(${first.allOrders} orders of ${orders} seeded), serve started on them, the search index finished, then \`sequences.list\` twice.`,
      '',
      '| first read | peak memory during it | resident before | resident after | second read |',
      '| --- | --- | --- | --- | --- |',
      `| ${(firstMs / 1000).toFixed(2)} s | ${peak.toFixed(0)} MB | ${rssBefore.toFixed(0)} MB | ${rssAfter.toFixed(0)} MB | ${secondMs.toFixed(0)} ms |`,
      '',
    ].join('\n');
    writeFileSync(join(root, 'test/bench/results/sequences-big-bodies.md'), report);
    process.stdout.write(report);
  } finally {
    if (pid !== null) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
