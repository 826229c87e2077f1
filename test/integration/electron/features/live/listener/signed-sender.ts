/**
 * A webhook sender in its own process: signed deliveries (distinct event ids) every few
 * milliseconds for DURATION_MS, each on a fresh connection, timing each from send to answer.
 * Prints "ready" after the first 2xx and, at the end, one line "results <JSON>".
 * Usage: signed-sender.ts URL KEY DURATION_MS
 */
import { createHmac } from 'node:crypto';
import { request } from 'node:http';

const [url, key, durationText] = process.argv.slice(2) as [string, string, string];
const durationMs = Number(durationText);

interface Sent {
  eventId: number;
  sentAt: number;
  answeredAt: number;
  status: number;
}

function send(eventId: number): Promise<Sent> {
  const body = Buffer.from(JSON.stringify({ orderId: `ord-${eventId}`, orderType: 'FULL', level: 'Info', type: 'Created', description: 'x', metadata: null }));
  const signature = createHmac('sha256', key).update(body).digest('base64');
  const sentAt = Date.now();
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length), 'X-Svc-Hmac-Sha256': signature, 'X-Svc-Event-Id': String(eventId) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ eventId, sentAt, answeredAt: Date.now(), status: res.statusCode ?? 0 }));
      },
    );
    req.on('error', () => resolve({ eventId, sentAt, answeredAt: Date.now(), status: 0 }));
    req.end(body);
  });
}

const first = await send(1);
console.log(first.status >= 200 && first.status < 300 ? 'ready' : `not ready: ${first.status}`);
const results: Array<Promise<Sent>> = [Promise.resolve(first)];
const end = Date.now() + durationMs;
for (let eventId = 2; Date.now() < end; eventId++) {
  results.push(send(eventId));
  await new Promise((resolve) => setTimeout(resolve, 10));
}
console.log(`results ${JSON.stringify(await Promise.all(results))}`);
