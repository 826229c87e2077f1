/**
 * The installed `hooklab` bin (dist/package/cli/hooklab.js, built first when stale), each figure
 * beside a baseline of the same run:
 * - `hooklab trigger SuccessPayment --to URL` as a new process, start to exit after the answer,
 *   beside `node -e ''` (the floor any Node command pays);
 * - `hooklab scenario run FILE --speed max` of 1,000 events (a new process, re-signing each),
 *   beside the same 1,000 requests (the bytes and headers the run sent) sent bare by a
 *   node:http loop with keep-alive in this process.
 * Rounds alternate; medians are reported.
 *
 *   npx tsx test/bench/cli.ts [rounds=7] [events=1000]
 * Writes test/bench/results/cli.md (summarised in BENCHMARKS.md).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventTemplate } from '../../shared/replay/templates';
import { SCENARIO_FILE_FORMAT, SCENARIO_FILE_VERSION, type ScenarioFile } from '../../shared/scenario/scenario-file';

const rounds = Math.max(1, Number(process.argv[2] ?? 7));
const eventCount = Math.max(1, Number(process.argv[3] ?? 1000));
const KEY = 'bench-webhook-key';
const root = fileURLToPath(new URL('../..', import.meta.url));
const node = join(root, 'node_modules/.bin/node');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

execFileSync(node, ['electron/hosts/build/ensure-package.mjs'], { cwd: root, stdio: 'inherit' });

// A bare handler: answers 200 at once, keeps the requests of the latest scenario run.
let kept: Array<{ headers: string[]; body: Buffer }> = [];
let keeping = false;
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (keeping) kept.push({ headers: req.rawHeaders, body: Buffer.concat(chunks) });
    res.end();
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;

const work = mkdtempSync(join(tmpdir(), 'hooklab-bench-cli-'));
const dataDir = join(work, 'data');
const file = join(work, 'scenario.json');
const scenario: ScenarioFile = {
  format: SCENARIO_FILE_FORMAT,
  version: SCENARIO_FILE_VERSION,
  recordedAt: new Date().toISOString(),
  source: { ids: [] },
  events: Array.from({ length: eventCount }, (_, i) => ({
    gapMs: 5,
    receivedAt: new Date().toISOString(),
    eventType: 'SuccessPayment',
    eventId: String(1_000_000 + i),
    eventCreated: new Date().toISOString(),
    headers: [['Content-Type', 'application/json'], ['User-Agent', 'Svc-Webhooks/1.0']],
    body: JSON.stringify(eventTemplate('SuccessPayment', { orderId: String(500_000 + i), orderReference: null, orderType: 'FASTLINK_CHARGE' })),
  })),
};
writeFileSync(file, JSON.stringify(scenario));

function timed(args: string[]): Promise<number> {
  const started = performance.now();
  const child = spawn(node, args, { cwd: work, env: { ...process.env, HOOKLAB_WEBHOOK_KEY: KEY }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve, reject) =>
    child.on('close', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`${args.join(' ')} exited ${code}: ${stderr}`)))),
  );
}

const bin = join(root, 'dist/package/cli/hooklab.js');
const trigger = () => timed([bin, 'trigger', 'SuccessPayment', '--to', url, '--data-dir', dataDir]);
const nodeAlone = () => timed(['-e', '']);
const scenarioRun = async () => {
  kept = [];
  keeping = true;
  const ms = await timed([bin, 'scenario', 'run', file, '--to', url, '--speed', 'max', '--json', '--data-dir', dataDir]);
  keeping = false;
  if (kept.length !== eventCount) throw new Error(`the run sent ${kept.length} of ${eventCount}`);
  return ms;
};

/** The same requests, sent one after another over keep-alive connections, as the run sends them. */
async function bare(requests: typeof kept): Promise<number> {
  const agent = new Agent({ keepAlive: true });
  const started = performance.now();
  for (const r of requests) {
    await new Promise<void>((resolve, reject) => {
      const req = request(url, { method: 'POST', headers: r.headers, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve());
      });
      req.on('error', reject);
      req.end(r.body);
    });
  }
  const ms = performance.now() - started;
  agent.destroy();
  return ms;
}

// One warm-up of each (disk cache, JIT), not counted.
await nodeAlone();
await trigger();
await scenarioRun();
const recorded = kept;
await bare(recorded);

const figures = { node: [] as number[], trigger: [] as number[], run: [] as number[], bare: [] as number[] };
for (let round = 0; round < rounds; round++) {
  figures.node.push(await nodeAlone());
  figures.trigger.push(await trigger());
  figures.run.push(await scenarioRun());
  figures.bare.push(await bare(recorded));
  console.log(
    `round ${round + 1}: node -e '' ${figures.node.at(-1)!.toFixed(0)} ms, trigger ${figures.trigger.at(-1)!.toFixed(0)} ms, scenario run ${figures.run.at(-1)!.toFixed(0)} ms, bare ${figures.bare.at(-1)!.toFixed(0)} ms`,
  );
}
server.close();
rmSync(work, { recursive: true, force: true });

const m = Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, median(v)])) as Record<keyof typeof figures, number>;
const max = (xs: number[]) => Math.max(...xs);
const md = `## The hooklab CLI

Command: \`npx tsx test/bench/cli.ts ${rounds} ${eventCount}\` (${new Date().toISOString().slice(0, 10)}, Node ${process.versions.node}; ${rounds} rounds after one warm-up, alternating; the built bin dist/package/cli/hooklab.js).

| what | median | max | baseline (same run) | ratio |
|---|---|---|---|---|
| \`hooklab trigger SuccessPayment --to URL\`, new process to exit (target < 300 ms) | ${m.trigger.toFixed(0)} ms | ${max(figures.trigger).toFixed(0)} ms | \`node -e ''\` ${m.node.toFixed(0)} ms | ${(m.trigger / m.node).toFixed(2)}x |
| \`hooklab scenario run\` of ${eventCount} events, \`--speed max\`, new process to exit (target < 2 s) | ${m.run.toFixed(0)} ms | ${max(figures.run).toFixed(0)} ms | the same requests sent bare, keep-alive, in process: ${m.bare.toFixed(0)} ms | ${(m.run / m.bare).toFixed(2)}x |
`;
writeFileSync(join(root, 'test/bench/results/cli.md'), md);
console.log(md);
