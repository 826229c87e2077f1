/**
 * Sandbox delivery-list benchmark: cursor polling (`id>cursor`, `sorts=id`, `pageSize=100`)
 * over a store holding 100k deliveries, against a baseline measured in the same run: a bare
 * node:http server answering a pre-serialised page of 100 deliveries. Same client for both.
 *
 *   npx tsx test/bench/sandbox-list.bench.ts [--deliveries N] [--passes P]
 *
 * Writes test/bench/results/sandbox.md.
 */
import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpus } from 'node:os';
import { startSandbox } from '../../electron/emulator';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const DELIVERIES = arg('--deliveries', 100_000);
const PASSES = arg('--passes', 3);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(port: number, path: string, bearer: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, agent, headers: { authorization: `Bearer ${bearer}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => (res.statusCode === 200 ? resolve(Buffer.concat(chunks).toString('utf8')) : reject(new Error(`HTTP ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface PassResult {
  p50: number;
  p99: number;
  perSecond: number;
}

/** Walks the whole history by cursor; returns page latencies and throughput. */
async function sandboxPass(port: number, token: string): Promise<PassResult> {
  const lat: number[] = [];
  let cursor = 0;
  let seen = 0;
  const t0 = performance.now();
  for (;;) {
    const s = performance.now();
    const body = await get(port, `/api/v3/WebhookEvents?filters=${encodeURIComponent(`id>${cursor}`)}&sorts=id&pageSize=100`, token);
    lat.push(performance.now() - s);
    const page = (JSON.parse(body) as { webhookEvents: { id: number }[] }).webhookEvents;
    if (page.length === 0) break;
    seen += page.length;
    cursor = page[page.length - 1]!.id;
  }
  const total = performance.now() - t0;
  if (seen !== DELIVERIES) throw new Error(`saw ${seen} deliveries, expected ${DELIVERIES}`);
  lat.sort((a, b) => a - b);
  return { p50: pct(lat, 50), p99: pct(lat, 99), perSecond: (seen / total) * 1000 };
}

/** The same number of requests against the bare server (the client parses each page too). */
async function baselinePass(port: number, requests: number): Promise<PassResult> {
  const lat: number[] = [];
  const t0 = performance.now();
  let seen = 0;
  for (let i = 0; i < requests; i++) {
    const s = performance.now();
    const body = await get(port, `/page?i=${i}`, 'x');
    lat.push(performance.now() - s);
    seen += (JSON.parse(body) as { webhookEvents: unknown[] }).webhookEvents.length;
  }
  const total = performance.now() - t0;
  lat.sort((a, b) => a - b);
  return { p50: pct(lat, 50), p99: pct(lat, 99), perSecond: (seen / total) * 1000 };
}

async function main(): Promise<void> {
  const sb = await startSandbox();
  const storeId = sb.defaultStore.storeId;
  const seedStart = performance.now();
  sb.seedDeliveries(storeId, DELIVERIES);
  const seedMs = performance.now() - seedStart;
  const tr = await fetch(`${sb.baseUrl}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: sb.defaultStore.clientId, clientSecret: sb.defaultStore.clientSecret }),
  });
  const token = ((await tr.json()) as { accessToken: string }).accessToken;
  const samplePage = await get(sb.port, `/api/v3/WebhookEvents?filters=id%3E0&sorts=id&pageSize=100`, token);
  const base = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(samplePage) });
    res.end(samplePage);
  });
  await new Promise<void>((r) => base.listen(0, '127.0.0.1', r));
  const basePort = (base.address() as AddressInfo).port;
  const requests = Math.ceil(DELIVERIES / 100) + 1;

  // Warm-up, then alternate sandbox and baseline passes so noise hits both alike.
  await sandboxPass(sb.port, token);
  await baselinePass(basePort, 200);
  const sbRuns: PassResult[] = [];
  const baseRuns: PassResult[] = [];
  for (let p = 0; p < PASSES; p++) {
    sbRuns.push(await sandboxPass(sb.port, token));
    baseRuns.push(await baselinePass(basePort, requests));
  }
  agent.destroy();
  base.close();
  await sb.close();

  const S = { p50: median(sbRuns.map((r) => r.p50)), p99: median(sbRuns.map((r) => r.p99)), perSecond: median(sbRuns.map((r) => r.perSecond)) };
  const B = { p50: median(baseRuns.map((r) => r.p50)), p99: median(baseRuns.map((r) => r.p99)), perSecond: median(baseRuns.map((r) => r.perSecond)) };
  const f = (n: number) => n.toFixed(3);
  const k = (n: number) => Math.round(n).toLocaleString('en-US');
  const md = `## Sandbox: delivery list (cursor polling)

Command: \`npx tsx test/bench/sandbox-list.bench.ts --deliveries ${DELIVERIES} --passes ${PASSES}\`
(run ${new Date().toISOString()}, Node ${process.version}, ${cpus().length} cores).

Workload: one store holding ${k(DELIVERIES)} deliveries (seeded in ${Math.round(seedMs)} ms through
\`seedDeliveries\`, no HTTP). A client walks the whole history the way 4.7 prescribes:
\`GET /api/v3/WebhookEvents?filters=id%3E{cursor}&sorts=id&pageSize=100\` until an empty page,
one keep-alive connection, sequential requests, bearer auth, JSON parsed by the client
(client and servers share one Node process, so both rows include the client's cost).
Baseline in the same run: a bare \`node:http\` server answering a pre-serialised page of 100
deliveries, ${k(requests)} requests through the same client. Medians of ${PASSES} passes after a warm-up.

| | page p50 (ms) | page p99 (ms) | deliveries/s |
|---|---:|---:|---:|
| sandbox | ${f(S.p50)} | ${f(S.p99)} | ${k(S.perSecond)} |
| baseline (bare node:http) | ${f(B.p50)} | ${f(B.p99)} | ${k(B.perSecond)} |
| ratio sandbox / baseline | ${(S.p50 / B.p50).toFixed(2)}x | ${(S.p99 / B.p99).toFixed(2)}x | ${(S.perSecond / B.perSecond).toFixed(2)}x |

The list narrows \`id>cursor\` by binary search over the store's id-ordered log, so a page costs
the same at the start and at the end of a long history; \`totalCount\` of a pure id range is
computed from the range, not by scanning.
`;
  const out = join(dirname(fileURLToPath(import.meta.url)), 'results', 'sandbox.md');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, md);
  console.log(md);
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
