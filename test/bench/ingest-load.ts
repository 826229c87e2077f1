/**
 * A fixed-rate load generator for the listener benchmark, run as its own process: sends signed
 * deliveries (a new event id each) at `rate`/s over keep-alive connections for `seconds`, and
 * prints one JSON line with the time-to-answer percentiles measured from each request's
 * scheduled send time (so a stalled server cannot hide its queueing delay).
 *
 *   npx tsx test/bench/ingest-load.ts <port> <rate> <seconds> <key>
 */
import { Agent, request } from 'node:http';
import { signBody } from '../../shared/signing';
import { nodeHmac } from '../../electron/services/platform/node-hmac';

const [portText, rateText, secondsText, key = 'bench-key'] = process.argv.slice(2);
const port = Number(portText);
const rate = Number(rateText);
const seconds = Number(secondsText);
const body = Buffer.from(
  JSON.stringify({ orderId: 'ord-1', orderReference: 'ref-1', orderType: 'FULL', description: 'Payment of an order succeeded '.repeat(20), level: 'Info', type: 'SuccessPayment', metadata: null }),
);
const signature = signBody(nodeHmac, key, body);
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const latencies: number[] = [];
let errors = 0;
let non2xx = 0;
let eventId = 0;

function send(scheduled: number): Promise<void> {
  // Timed from the scheduled moment (a stalled server cannot hide its queue), never before the real send.
  const from = Math.max(scheduled, performance.now());
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/webhooks', method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': body.length, 'X-Svc-Hmac-Sha256': signature, 'X-Svc-Event-Id': String(++eventId), 'X-Svc-Event-Created': '2024-05-01T10:00:00Z' } },
      (res) => {
        res.resume();
        res.on('end', () => {
          if ((res.statusCode ?? 0) >= 300) non2xx++;
          latencies.push(performance.now() - from);
          resolve();
        });
      },
    );
    req.on('error', () => {
      errors++;
      resolve();
    });
    req.end(body);
  });
}

async function main() {
  const start = performance.now();
  const total = rate * seconds;
  const inflight: Array<Promise<void>> = [];
  for (let i = 0; i < total; i++) {
    const scheduled = start + (i * 1000) / rate;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inflight.push(send(scheduled));
  }
  await Promise.all(inflight);
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 100) / 100;
  process.stdout.write(JSON.stringify({ sent: total, rps: Math.round(latencies.length / elapsed), p50: at(0.5), p90: at(0.9), p95: at(0.95), p99: at(0.99), max: at(1), errors, non2xx }) + '\n');
  agent.destroy();
}

void main();
