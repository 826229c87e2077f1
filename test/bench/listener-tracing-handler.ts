/**
 * The webhook handler of test/bench/listener-tracing.ts, in its own process: answers 200 to
 * every forward. Told an OTLP endpoint (POST /__export-to with the URL as body), it then acts
 * as an instrumented handler: one server span per request, joined to the request's
 * `traceparent`, exported as OTLP/JSON in batches every 50 ms (an SDK's batch processor).
 * Prints `READY <port>`.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

let endpoint: string | null = null;
let batch: unknown[] = [];

setInterval(() => {
  if (!endpoint || batch.length === 0) return;
  const spans = batch;
  batch = [];
  const body = JSON.stringify({
    resourceSpans: [{ resource: { attributes: [{ key: 'service.name', value: { stringValue: 'bench-handler' } }] }, scopeSpans: [{ scope: { name: 'bench' }, spans }] }],
  });
  void fetch(`${endpoint}/v1/traces`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }).catch(() => undefined);
}, 50).unref();

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (req.url === '/__export-to') {
      endpoint = Buffer.concat(chunks).toString('utf8');
      res.end('ok');
      return;
    }
    const started = process.hrtime.bigint();
    res.end('ok');
    const parent = /^00-([0-9a-f]{32})-([0-9a-f]{16})-/.exec(String(req.headers['traceparent'] ?? ''));
    if (!endpoint || !parent) return;
    const startNs = BigInt(Date.now()) * 1_000_000n;
    batch.push({
      traceId: parent[1],
      spanId: randomBytes(8).toString('hex'),
      parentSpanId: parent[2],
      name: 'POST /webhooks',
      kind: 2,
      startTimeUnixNano: String(startNs),
      endTimeUnixNano: String(startNs + (process.hrtime.bigint() - started)),
      attributes: [{ key: 'http.route', value: { stringValue: '/webhooks' } }],
      status: { code: 1 },
    });
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`READY ${(server.address() as { port: number }).port}\n`));
