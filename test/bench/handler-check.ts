/**
 * The handler check against a fast local handler (the correct fixture of test/fixtures/
 * handlers.ts, node:http on loopback), against a baseline in the same run: the very requests
 * the check sent (same bytes, same headers, same order, the concurrent pair concurrent) replayed
 * with a bare node:http loop. The difference is what the check itself costs (building and
 * signing fifteen requests, among them 1 MiB, judging, evidence). Rounds alternate; medians are
 * reported. One more figure: the CLI end to end (`hooklab check-handler --json` as a new
 * process: Node start, the built bin, the check).
 *
 *   npx tsx test/bench/handler-check.ts [rounds=10]
 * Writes test/bench/results/handler-check.md (summarised in BENCHMARKS.md).
 */
import { execFileSync, spawn } from 'node:child_process';
import { request } from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runHandlerCheck } from '../../electron/features/replay/handler-check';
import { createEventIdGenerator } from '../../electron/features/replay/event-ids';
import { nodeHmac } from '../../electron/services/platform/node-hmac';
import { startHandler, type ReceivedRequest } from '../fixtures/handlers';

const rounds = Math.max(1, Number(process.argv[2] ?? 10));
const KEY = 'bench-webhook-key';
const root = fileURLToPath(new URL('../..', import.meta.url));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// The CLI runs as installed: the built bin (rebuilt here when a source is newer).
execFileSync(join(root, 'node_modules/.bin/node'), ['electron/hosts/build/ensure-package.mjs'], { cwd: root, stdio: 'inherit' });
const handler = await startHandler('correct', { key: KEY });
const newEventId = createEventIdGenerator(() => Date.now());

async function check(): Promise<{ ms: number; requests: ReceivedRequest[]; passed: boolean }> {
  const from = handler.received.length;
  const started = performance.now();
  const report = await runHandlerCheck({ url: handler.url, key: { value: KEY, label: 'bench' }, hmac: nodeHmac, deadlineMs: 10_000, newEventId, nowMs: () => Date.now() });
  const ms = performance.now() - started;
  return { ms, requests: handler.received.slice(from), passed: report.passed };
}

function bare(r: ReceivedRequest): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(handler.url, { method: 'POST', headers: r.rawHeaders, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve());
    });
    req.on('error', reject);
    req.end(r.body);
  });
}

/** The same requests, in the check's order; the duplicate check's concurrent pair (requests 8 and 9) at once. */
async function baseline(requests: ReceivedRequest[]): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < requests.length; i++) {
    if (i === 7 && requests.length === 15) {
      await Promise.all([bare(requests[7]!), bare(requests[8]!)]);
      i++;
    } else await bare(requests[i]!);
  }
  return performance.now() - started;
}

function cli(): Promise<{ ms: number; code: number | null }> {
  const started = performance.now();
  const child = spawn(join(root, 'node_modules/.bin/node'), ['dist/package/cli/hooklab.js', 'check-handler', handler.url, '--json'], {
    cwd: root,
    env: { ...process.env, HOOKLAB_WEBHOOK_KEY: KEY },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ ms: performance.now() - started, code })));
}

// One warm-up of each (JIT, first connections), not counted.
const warm = await check();
if (!warm.passed) throw new Error('the correct handler failed the check: the bench measures nothing');
await baseline(warm.requests);

const checks: number[] = [];
const bases: number[] = [];
let requestCount = 0;
let bytes = 0;
for (let round = 0; round < rounds; round++) {
  const c = await check();
  if (!c.passed) throw new Error('the correct handler failed the check');
  const b = await baseline(c.requests);
  checks.push(c.ms);
  bases.push(b);
  requestCount = c.requests.length;
  bytes = c.requests.reduce((n, r) => n + r.body.length, 0);
  console.log(`round ${round + 1}: check ${c.ms.toFixed(1)} ms, bare requests ${b.toFixed(1)} ms`);
}
const cliRuns = [await cli(), await cli(), await cli()];
if (cliRuns.some((r) => r.code !== 0)) throw new Error(`the CLI exited with ${cliRuns.map((r) => r.code).join(', ')}`);
await handler.close();

const mc = median(checks);
const mb = median(bases);
const md = `## Handler check

Command: \`npx tsx test/bench/handler-check.ts ${rounds}\` (${new Date().toISOString().slice(0, 10)}, Node ${process.versions.node}; ${rounds} rounds after one warm-up, check and baseline alternating in one process).

The whole check (all ${requestCount} requests of the 10 checks, ${(bytes / 1024 / 1024).toFixed(2)} MiB in all) against the correct handler fixture on loopback (in the same process):

| what | median | max |
|---|---:|---:|
| the handler check (\`runHandlerCheck\`, what \`replay.checkHandler\` and the CLI run) | **${mc.toFixed(1)} ms** | ${Math.max(...checks).toFixed(1)} ms |
| baseline: the same ${requestCount} requests (bytes, headers, order) with a bare node:http loop | ${mb.toFixed(1)} ms | ${Math.max(...bases).toFixed(1)} ms |
| ratio check / baseline | ${(mc / mb).toFixed(2)}x | |
| \`hooklab check-handler URL --json\` as a new process, end to end (3 runs) | ${median(cliRuns.map((r) => r.ms)).toFixed(0)} ms | ${Math.max(...cliRuns.map((r) => r.ms)).toFixed(0)} ms |

Target: the whole check under 3 s: ${Math.max(...checks) < 3000 ? 'met' : 'NOT met'} (slowest round ${Math.max(...checks).toFixed(1)} ms).
`;
writeFileSync(join(import.meta.dirname, 'results', 'handler-check.md'), md);
console.log(md);
