/**
 * Does tracing move the listener? The listener forwarding every signed delivery to a handler,
 * with the OTLP receiver off and on (the handler then exports one span per request to it, in
 * batches, like an instrumented handler), and a bare node:http server as the baseline, in the
 * same run. Each server and the handler run in their own child processes; rounds alternate
 * bare / off / on on fresh processes and databases; medians are reported.
 *
 *   npx tsx test/bench/listener-tracing.ts [rounds=3] [seconds=6]
 * Writes test/bench/results/listener-tracing.md (summarised in BENCHMARKS.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { signBody } from '../../shared/signing';
import { nodeHmac } from '../../electron/services/platform/node-hmac';
import { BENCH_KEY } from './listener-ingest-server';

const rounds = Math.max(1, Number(process.argv[2] ?? 3));
const seconds = Number(process.argv[3] ?? 6);
const root = fileURLToPath(new URL('../..', import.meta.url));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const body = JSON.stringify({ orderId: 'ord-1', orderReference: 'ref-1', orderType: 'FULL', description: 'Payment of an order succeeded '.repeat(20), level: 'Info', type: 'SuccessPayment', metadata: null });
const signature = signBody(nodeHmac, BENCH_KEY, body);

function start(script: string, args: string[]): Promise<{ child: ChildProcess; line: () => string; next: (prefix: string) => Promise<string> }> {
  const child = spawn(join(root, 'node_modules/.bin/node'), ['--import', 'tsx', script, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  const next = (prefix: string) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const line = out.split('\n').find((l) => l.startsWith(prefix));
        if (!line) return;
        out = out.replace(`${line}\n`, '');
        child.stdout!.off('data', check);
        resolve(line);
      };
      child.stdout!.on('data', check);
      child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
      check();
    });
  return next('READY').then((line) => ({ child, line: () => line, next }));
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

function load(port: number, connections: number, duration: number, overallRate?: number) {
  let eventId = 0;
  return autocannon({
    url: `http://127.0.0.1:${port}/webhooks`,
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'x-svc-hmac-sha256': signature },
    connections,
    duration,
    ...(overallRate ? { overallRate } : {}),
    setupRequest: (request) => {
      request.headers = { ...request.headers, 'x-svc-event-id': String(++eventId) };
      return request;
    },
  });
}

type Mode = 'bare' | 'off' | 'on';
interface Figures {
  rps: number;
  p99: number;
  spans: number;
  errors: number;
  /** The listener process's CPU time (user + system) per delivery answered during the loads. */
  cpuUs: number;
}

async function measure(mode: Mode): Promise<Figures> {
  if (mode === 'bare') {
    const bare = await start('test/bench/listener-ingest-server.ts', ['bare']);
    try {
      const port = Number(bare.line().split(' ')[1]);
      await load(port, 10, 1);
      const max = await load(port, 50, seconds);
      const fixed = await load(port, 20, seconds, 500);
      return { rps: max.requests.average, p99: fixed.latency.p99, spans: 0, errors: max.errors + max.non2xx, cpuUs: 0 };
    } finally {
      await stop(bare.child);
    }
  }
  const handler = await start('test/bench/listener-tracing-handler.ts', []);
  const handlerPort = handler.line().split(' ')[1]!;
  const server = await start('test/bench/listener-tracing-server.ts', [mode, handlerPort]);
  try {
    const [, listenerPort, otlpPort] = server.line().split(' ');
    if (mode === 'on') await fetch(`http://127.0.0.1:${handlerPort}/__export-to`, { method: 'POST', body: `http://127.0.0.1:${otlpPort}` });
    await load(Number(listenerPort), 10, 1);
    server.child.kill('SIGUSR1');
    const max = await load(Number(listenerPort), 50, seconds);
    const fixed = await load(Number(listenerPort), 20, seconds, 500);
    server.child.kill('SIGUSR2');
    const [, spans, , cpu] = (await server.next('SPANS')).split(' ');
    const answered = max.requests.total + fixed.requests.total;
    return { rps: max.requests.average, p99: fixed.latency.p99, spans: Number(spans), errors: max.errors + max.non2xx, cpuUs: Number(cpu) / answered };
  } finally {
    await stop(server.child);
    await stop(handler.child);
  }
}

async function main() {
  const results: Record<Mode, Figures[]> = { bare: [], off: [], on: [] };
  for (let r = 0; r < rounds; r++) {
    for (const mode of ['bare', 'off', 'on'] as const) results[mode].push(await measure(mode));
    process.stderr.write(`round ${r + 1}: bare ${results.bare.at(-1)!.rps.toFixed(0)}, off ${results.off.at(-1)!.rps.toFixed(0)}, on ${results.on.at(-1)!.rps.toFixed(0)} req/s\n`);
  }
  const rows = results.on.map((on, i) => {
    const off = results.off[i]!;
    const bare = results.bare[i]!;
    return `| ${i + 1} | ${bare.rps.toFixed(0)} | ${off.rps.toFixed(0)} | ${on.rps.toFixed(0)} | ${((on.rps / off.rps) * 100).toFixed(0)}% | ${off.cpuUs.toFixed(0)} | ${on.cpuUs.toFixed(0)} | ${bare.p99} | ${off.p99} | ${on.p99} | ${on.spans} | ${off.errors + on.errors} |`;
  });
  const ratio = median(results.on.map((on, i) => on.rps / results.off[i]!.rps));
  const md = `## Listener with tracing off and on

Command: \`npx tsx test/bench/listener-tracing.ts ${rounds} ${seconds}\` (${new Date().toISOString().slice(0, 10)}).
The listener (core with the live and tracing features) forwards every signed delivery to a
handler in its own process, which answers 200. **off**: the OTLP receiver is off (each forward
still carries its own \`traceparent\`). **on**: the receiver runs and the handler exports one
server span per request to it (OTLP/JSON, batched every 50 ms, as an SDK's batch processor
does), so the listener's process also decodes, checks and stores spans. **bare**: a bare
\`node:http\` server answering 200, the baseline of listener-ingest.md. Throughput: autocannon,
50 connections; p99: autocannon at 500 requests/s over 20 connections. Rounds alternate
bare / off / on on fresh processes and databases.

| round | bare req/s | off req/s | on req/s | on / off | listener CPU µs/delivery off | on | p99 ms bare | p99 ms off | p99 ms on | spans kept (on) | non-2xx + errors |
|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

**Median throughput with tracing on: ${(ratio * 100).toFixed(0)}% of tracing off.**
**Median CPU of the listener's process per delivery: off ${median(results.off.map((f) => f.cpuUs)).toFixed(0)} µs, on ${median(results.on.map((f) => f.cpuUs)).toFixed(0)} µs** (the handler's own export work is in its process, not here; CPU time is the figure least moved by other work on the machine).
**Median p99 at 500/s: off ${median(results.off.map((f) => f.p99))} ms, on ${median(results.on.map((f) => f.p99))} ms.**
`;
  writeFileSync(fileURLToPath(new URL('./results/listener-tracing.md', import.meta.url)), md);
  process.stdout.write(md);
}

main().catch((error: unknown) => {
  process.stderr.write(String((error as Error).stack) + '\n');
  process.exit(1);
});
