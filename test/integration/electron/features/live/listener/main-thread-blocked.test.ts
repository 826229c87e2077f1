import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { spawnServer } from '../../../../../support/server-process';
import { processesStoppedAfterEach } from '../../../../../support/stopped-processes';
import { startLiveApp } from '../live-helpers';
import { closedAfterEach } from '../../../../../support/closed-after-each';

const sender = fileURLToPath(new URL('./signed-sender.ts', import.meta.url));

/** The test-only hook: the app's main thread does nothing but spin for `ms` (no I/O, no timers). */
function busyWaitMainThread(ms: number): { from: number; to: number } {
  const from = Date.now();
  while (Date.now() - from < ms) {
    // spin: every listing, export, index and search of the app runs on this thread
  }
  return { from, to: Date.now() };
}

const processes = processesStoppedAfterEach();
const closeAfter = closedAfterEach();

describe('the listener in its own thread', () => {
  it('answers signed webhooks 2xx, each stored, while the main thread is blocked for 2 s', async () => {
    const app = closeAfter(await startLiveApp({}, 'test-key'));
    const client = spawnServer(sender, [`${app.listenerUrl}/hooks`, 'test-key', '3000']);
    processes.push(client);
    await client.waitFor(/^ready$/m);

    const blocked = busyWaitMainThread(2000);

    const [, json] = await client.waitFor(/^results (.*)$/m);
    const sent = JSON.parse(json!) as Array<{ eventId: number; sentAt: number; answeredAt: number; status: number }>;
    // Sent while the main thread spun: every one answered 2xx.
    const during = sent.filter((s) => s.sentAt >= blocked.from && s.sentAt < blocked.to);
    expect(during.length).toBeGreaterThan(20);
    for (const s of during) expect(s.status, `event ${s.eventId}`).toBe(200);
    // Answered while the main thread could not have done anything (with one thread, none is):
    // an ordering, not a timing bound, so a loaded machine does not make it fail.
    const answeredWhileBlocked = during.filter((s) => s.answeredAt < blocked.to);
    expect(answeredWhileBlocked.length).toBeGreaterThanOrEqual(10);
    const latencies = during.map((s) => s.answeredAt - s.sentAt).sort((a, b) => a - b);
    console.log(
      `sent during the block: ${during.length}, answered before it ended: ${answeredWhileBlocked.length}, median ${latencies[latencies.length >> 1]} ms, max ${latencies.at(-1)} ms`,
    );

    // Every delivery answered 2xx is in the database, verified.
    const answered = new Set(sent.filter((s) => s.status === 200).map((s) => s.eventId));
    const { rows } = await app.call('live.list', { limit: 1000 });
    const stored = new Map(rows.map((r) => [r.eventId, r]));
    for (const eventId of answered) {
      expect(stored.get(eventId)?.signature, `event ${eventId}`).toBe('valid');
    }
  });
});
