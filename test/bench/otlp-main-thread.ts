/**
 * Does the OTLP receiver hold the thread that answers the UI? `serve` on a fresh data folder
 * (receiver on a free port), the local API asked `app.status` every 100 ms: first for 10 s with
 * nothing else to do (the baseline), then for 20 s while 9 OTLP/protobuf exports of about 5 MB
 * each (about 20,000 spans of traces Hooklab did not start) arrive, one every 2.2 s. Reported:
 * the call's p50, p99 and slowest answer in each phase, and how the exports were answered.
 *
 *   npx tsx test/bench/otlp-main-thread.ts
 * Writes test/bench/results/otlp-main-thread.md (summarised in BENCHMARKS.md).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { call, root, runScript } from './serve-host';
import { field, span, traceExport } from '../support/otlp-protobuf-writer';

const EXPORTS = 9;
const EVERY_MS = 2_200;
const BASELINE_MS = 10_000;

/** About 5 MB of spans, each of a trace nobody started here, with the attributes an HTTP span carries. */
function foreignExport(): Buffer {
  const spans: Buffer[] = [];
  let size = 0;
  const attribute = (key: string, value: string) => field(9, field(1, key), field(2, field(1, value)));
  while (size < 5 * 1024 * 1024) {
    const s = span(
      randomBytes(16).toString('hex'),
      randomBytes(8).toString('hex'),
      'GET /api/orders/:id',
      attribute('http.route', '/api/orders/:id'),
      attribute('http.user_agent', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36'),
      attribute('url.full', `https://shop.example/api/orders/${randomBytes(6).toString('hex')}?expand=items`),
    );
    spans.push(s);
    size += s.length;
  }
  return traceExport('someone-else', ...spans);
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? 0;
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hooklab-bench-otlp-'));
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ tracing: { port: 0 } }));
  const { child, match } = await runScript(
    ['electron/hosts/cli/serve.ts', '--ui-port', '0', '--listener-port', '0', '--data-dir', dataDir],
    /OTEL_EXPORTER_OTLP_ENDPOINT=(\S+)[\s\S]*Hooklab is running at (http:\/\/\S+)/,
  );
  const [, endpoint, openUrl] = match as unknown as [string, string, string];
  const stop = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  try {
    const bodies = Array.from({ length: 3 }, foreignExport);
    let failedCalls = 0;
    const poll = async (untilMs: number) => {
      const latencies: number[] = [];
      while (performance.now() < untilMs) {
        const started = performance.now();
        // A connection the blocked server let idle too long is reset: counted, not fatal.
        const answered = await call(openUrl, 'app.status', {}).then(
          () => true,
          () => false,
        );
        if (answered) latencies.push(performance.now() - started);
        else failedCalls++;
        await new Promise((r) => setTimeout(r, 100));
      }
      return latencies;
    };
    const idle = await poll(performance.now() + BASELINE_MS);
    const loadStarted = performance.now();
    const answers: Promise<number | string>[] = [];
    const sender = (async () => {
      for (let i = 0; i < EXPORTS; i++) {
        answers.push(
          fetch(`${endpoint}/v1/traces`, { method: 'POST', headers: { 'Content-Type': 'application/x-protobuf' }, body: bodies[i % bodies.length] }).then(
            (r) => r.status,
            (error: Error) => `${error.message} (${String((error.cause as Error | undefined)?.message)})`,
          ),
        );
        await new Promise((r) => setTimeout(r, EVERY_MS));
      }
    })();
    const loaded = await poll(loadStarted + EXPORTS * EVERY_MS);
    await sender;
    const statuses = await Promise.all(answers);
    const row = (name: string, xs: number[]) => `| ${name} | ${xs.length} | ${ms(quantile(xs, 0.5))} | ${ms(quantile(xs, 0.99))} | ${ms(Math.max(...xs))} |`;
    const report = [
      '# OTLP receiver vs the local API',
      '',
      `\`npx tsx test/bench/otlp-main-thread.ts\` (${new Date().toISOString().slice(0, 10)}): serve on a fresh folder; \`app.status\` through the local API every 100 ms,`,
      `idle for ${BASELINE_MS / 1000} s, then while ${EXPORTS} OTLP/protobuf exports of ${(bodies[0]!.length / 1048576).toFixed(1)} MB (spans of traces Hooklab did not start) arrive, one every ${EVERY_MS / 1000} s.`,
      '',
      '| phase | calls | p50 | p99 | slowest |',
      '| --- | --- | --- | --- | --- |',
      row('idle', idle),
      row('during the exports', loaded),
      '',
      `Exports answered: ${statuses.join(', ')}. Local API calls that failed: ${failedCalls}.`,
      '',
    ].join('\n');
    writeFileSync(join(root, 'test/bench/results/otlp-main-thread.md'), report);
    process.stdout.write(report);
  } finally {
    stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
