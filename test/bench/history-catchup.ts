/**
 * Catch-up of 100k history deliveries from the sandbox (in its own process, as the service
 * would be): the real poller (client, validation, SQLite copy, one transaction per page with its
 * cursor) against a bare fetch loop over the same pages in the same run. Rounds alternate;
 * medians are reported.
 *
 *   npx tsx test/bench/history-catchup.ts [deliveries=100000] [rounds=5] [latencyMs=0]
 * With a latency, every API response of the sandbox is held that long (a stand-in for the
 * network to the real service); results then go to history-catchup-<latency>ms.md.
 * Writes test/bench/results/history-catchup.md (summarised in BENCHMARKS.md; the analysis in history-catchup-rounds.md).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { openAppDatabase } from '../../electron/services/data/app-database';
import { HistoryStore } from '../../electron/services/data/history-store';
import { HistoryPoller } from '../../electron/features/history/poller';
import { HistoryClient, type HistoryConnection } from '../../electron/services/service-api/history-client';
import { systemClock } from '../../electron/services/platform/clock';
import { silentLogger } from '../../electron/services/kernel/logger';

const total = Number(process.argv[2] ?? 100_000);
const rounds = Math.max(2, Number(process.argv[3] ?? 5));
const latencyMs = Number(process.argv[4] ?? 0);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** Starts the sandbox in a child process (the service is never in our process) and reads its connection. */
async function startSandboxProcess(): Promise<{ connection: HistoryConnection; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'history-sandbox-process.ts'), String(total), String(latencyMs)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (c: Buffer) => {
      text += c.toString('utf8');
      if (text.includes('\n')) resolve(text.split('\n')[0] as string);
    });
    child.on('exit', (code) => reject(new Error(`sandbox process exited with ${code}`)));
  });
  return { connection: JSON.parse(line) as HistoryConnection, stop: () => child.stdin.end() };
}

async function main() {
  const sandbox = await startSandboxProcess();
  const { connection } = sandbox;
  const store = { clientId: connection.clientId, clientSecret: connection.clientSecret };

  /** What any client must do at least: same requests, same pages, parse the JSON. */
  const bareLoop = async (): Promise<number> => {
    const tokenRes = await fetch(`${connection.baseUrl}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: store.clientId, clientSecret: store.clientSecret }),
    });
    const { accessToken } = (await tokenRes.json()) as { accessToken: string };
    let cursor = 0;
    let count = 0;
    for (;;) {
      const qs = new URLSearchParams({ filters: `id>${cursor}`, sorts: 'id', page: '1', pageSize: '100' });
      const res = await fetch(`${connection.apiV3Url}/WebhookEvents?${qs}`, { headers: { authorization: `Bearer ${accessToken}` } });
      const page = (await res.json()) as { webhookEvents: Array<{ id: number }> };
      if (page.webhookEvents.length === 0) return count;
      count += page.webhookEvents.length;
      cursor = page.webhookEvents[page.webhookEvents.length - 1]!.id;
    }
  };

  /** The catch-up itself is timed (not opening the database or counting afterwards). */
  const poller = async (dir: string): Promise<{ n: number; seconds: number }> => {
    // As the app's core opens it: WAL checkpoints run on a background thread.
    const database = openAppDatabase(join(dir, 'bench.db'));
    const store = new HistoryStore(database.db);
    const client = new HistoryClient({ connection, fetch, clock: systemClock });
    const p = new HistoryPoller({
      store,
      clock: systemClock,
      log: silentLogger,
      target: () => ({ environmentId: 'sandbox', client }),
      intervalMs: () => 60_000,
      enabled: () => true,
      report: () => {},
      onApplied: () => {},
    });
    const started = performance.now();
    // A poll copies one budget and yields; the catch-up is the polls until none has more.
    let result = await p.runOnce();
    while (result.more && !result.error) result = await p.runOnce();
    const seconds = (performance.now() - started) / 1000;
    if (result.error) throw new Error(result.error);
    const n = store.counts('sandbox').deliveries;
    await database.close();
    return { n, seconds };
  };

  const bare: number[] = [];
  const real: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const t = performance.now();
    const n1 = await bareLoop();
    bare.push(n1 / ((performance.now() - t) / 1000));
    const dir = mkdtempSync(join(tmpdir(), 'hooklab-bench-'));
    const { n: n2, seconds } = await poller(dir);
    real.push(n2 / seconds);
    rmSync(dir, { recursive: true, force: true });
    if (n1 !== total || n2 !== total) throw new Error(`expected ${total}, bare saw ${n1}, poller stored ${n2}`);
    console.log(`round ${round + 1}: bare ${Math.round(bare.at(-1)!)}/s, poller ${Math.round(real.at(-1)!)}/s`);
  }
  // The first round warms the JIT of both loops (and the sandbox's): it is not counted.
  bare.shift();
  real.shift();
  sandbox.stop();
  const b = median(bare);
  const r = median(real);
  const lines = [
    `### History catch-up (100k deliveries from the sandbox${latencyMs > 0 ? `, every response held ${latencyMs} ms` : ''})`,
    '',
    `Command: \`npx tsx test/bench/history-catchup.ts ${total} ${rounds}${latencyMs > 0 ? ` ${latencyMs}` : ''}\` (medians of ${rounds - 1} alternating rounds after one warm-up round, same run)`,
    '',
    '| loop | deliveries/s (median) |',
    '|---|---|',
    `| bare fetch loop (same pages, JSON.parse only) | ${Math.round(b)} |`,
    `| Hooklab poller (client + validation + SQLite copy, one transaction per page with its cursor, written while the next page is requested) | ${Math.round(r)} |`,
    '',
    `Ratio poller / bare: **${((r / b) * 100).toFixed(1)}%** (target: at least 80%).`,
    '',
  ];
  return lines.join('\n');
}

main().then(
  (fragment) => {
    const out = process.env.HISTORY_BENCH_OUT ?? join(import.meta.dirname, 'results', latencyMs > 0 ? `history-catchup-${latencyMs}ms.md` : 'history-catchup.md');
    writeFileSync(out, fragment);
    console.log(fragment);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
