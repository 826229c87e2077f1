/**
 * wait_for_delivery's promptness, measured as an agent meets it: a real `serve` process (its
 * listener thread, its main thread, its local API) on a fresh data folder; this process asks
 * `live.waitForDelivery` over the local API (what `hooklab mcp` does through a running app),
 * then POSTs a signed delivery to the listener. The listener answers 2xx only after its commit,
 * so "answer - 2xx" is an upper bound of the time from the listener storing the delivery to the
 * wait answering (negative: the answer came first). Baseline in the same run: one bare
 * `app.status` round trip over the same local API, the least any answer costs.
 *
 *   npx tsx test/bench/wait-for-delivery.ts [deliveries=50]
 * Writes test/bench/results/wait-for-delivery.md (summarised in BENCHMARKS.md).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnServer } from '../support/server-process';
import { orderEventBody, postSignedWebhook } from '../support/signed-webhook';

const deliveries = Math.max(5, Number(process.argv[2] ?? 50));
const KEY = 'bench-wait-key';
const root = fileURLToPath(new URL('../..', import.meta.url));
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

const dataDir = mkdtempSync(join(tmpdir(), 'hooklab-bench-wait-'));
writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ tracing: { enabled: false } }));
const serve = spawnServer('electron/hosts/cli/serve.ts', ['--ui-port', '0', '--listener-port', '0', '--otlp-port', '0', '--no-sandbox', '--data-dir', dataDir], {
  env: { ...process.env, HOOKLAB_WEBHOOK_KEY: KEY },
});

try {
  const openUrl = new URL((await serve.waitFor(/Hooklab is running at (http:\/\/\S+)/))[1]!);
  const listenerUrl = (await serve.waitFor(/Listening for webhooks on (http:\/\/\S+)/))[1]!;
  const token = openUrl.hash.slice('#token='.length);
  const call = async (name: string, args: unknown) => {
    const res = await fetch(`${openUrl.origin}/api/calls/${name}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(args) });
    const body = (await res.json()) as { ok: boolean; value: { match: { orderId: string } | null } };
    if (!body.ok) throw new Error(JSON.stringify(body));
    return body.value;
  };
  const deliver = async (orderId: string, eventId: number) => {
    const status = await postSignedWebhook(listenerUrl, KEY, orderEventBody(orderId), eventId);
    if (status !== 200) throw new Error(`listener answered ${status}`);
  };
  // Warm both paths once.
  await call('app.status', {});
  await deliver('warm', 1);

  const afterStored: number[] = [];
  const afterPost: number[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < deliveries; i++) {
    const t0 = performance.now();
    await call('app.status', {});
    baseline.push(performance.now() - t0);

    const orderId = `bench-${i}`;
    let answeredAt = 0;
    // `since` as well: a wait that reached the core after the commit still finds it (backlog).
    const since = new Date().toISOString();
    const waiting = call('live.waitForDelivery', { orderId, since, timeoutMs: 10_000 }).then((r) => {
      answeredAt = performance.now();
      if (r.match?.orderId !== orderId) throw new Error(`no match for ${orderId}`);
    });
    // The wait is registered once its request reached the core: an app.status behind it on the
    // same connection pool says so without a sleep.
    await call('app.status', {});
    const posted = performance.now();
    await deliver(orderId, 100 + i);
    const stored = performance.now();
    await waiting;
    afterStored.push(answeredAt - stored);
    afterPost.push(answeredAt - posted);
  }

  const rows = [
    ['wait answer - listener 2xx (upper bound of storing → answer)', afterStored],
    ['wait answer - POST start', afterPost],
    ['baseline: one app.status round trip', baseline],
  ] as const;
  const table = rows.map(([what, xs]) => `| ${what} | ${fmt(quantile(xs, 0.5))} | ${fmt(quantile(xs, 0.95))} | ${fmt(Math.max(...xs))} |`).join('\n');
  const text = `# wait_for_delivery: from the listener storing to the answer

\`npx tsx test/bench/wait-for-delivery.ts ${deliveries}\`, ${new Date().toISOString()}, Node ${process.version}.
A real \`serve\` process; ${deliveries} deliveries, each awaited by \`live.waitForDelivery\` over the local API
before it is POSTed. Target: the answer within 100 ms of the listener storing the delivery.

| measure | median | p95 | max |
|---|---|---|---|
${table}

Target (within 100 ms of storing): ${Math.max(...afterStored) <= 100 ? 'met' : 'not met'} (max ${fmt(Math.max(...afterStored))} after the 2xx, median ${fmt(quantile(afterStored, 0.5))}; one bare round trip ${fmt(quantile(baseline, 0.5))} median).
`;
  writeFileSync(join(root, 'test/bench/results/wait-for-delivery.md'), text);
  process.stdout.write(text);
} finally {
  await serve.killGroup('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
