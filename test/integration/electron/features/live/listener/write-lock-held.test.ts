import { afterEach, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { get } from 'node:http';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { eventBody, post, startLiveApp, type LiveApp, type RawResponse } from '../live-helpers';

/** GET / on the listener; rejects when no answer comes within `boundMs` (the thread is asleep). */
function getWithin(url: string, boundMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = get(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.setTimeout(boundMs, () => req.destroy(new Error(`no answer within ${boundMs} ms: the listener's thread is not reading requests`)));
    req.on('error', reject);
  });
}

let app: LiveApp | null = null;
let holder: DatabaseSync | null = null;
afterEach(async () => {
  if (holder?.isTransaction) holder.exec('ROLLBACK');
  holder?.close();
  holder = null;
  await app?.close();
  app = null;
});

describe('the listener while another connection holds the write lock', () => {
  it('keeps reading requests instead of sleeping in SQLite, and stores the waiting delivery once the lock is free', async () => {
    app = await startLiveApp({}, 'test-key');
    // What the main thread does when it indexes search or copies history: hold the write lock.
    holder = new DatabaseSync(join(app.dataDir, 'hooklab.db'));
    holder.exec('BEGIN IMMEDIATE');

    const body = eventBody({ orderId: 'ord-locked' });
    const signature = createHmac('sha256', 'test-key').update(body).digest('base64');
    let answer: RawResponse | null = null;
    const delivery = post(`${app.listenerUrl}/hooks`, body, {
      'Content-Type': 'application/json',
      'X-Svc-Hmac-Sha256': signature,
      'X-Svc-Event-Id': '4242',
    }).then((a) => (answer = a));

    // One after the other, well inside the 5 s a commit may wait: with SQLite's busy handler the
    // thread would sleep through all of them.
    for (let i = 0; i < 5; i++) expect(await getWithin(`${app.listenerUrl}/`, 3000)).toBe(200);
    // Not answered while it cannot be stored: a 2xx means it is on disk.
    expect(answer).toBeNull();

    holder.exec('ROLLBACK');
    await delivery;
    expect(answer!.status).toBe(200);
    const { rows } = await app.call('live.list', { limit: 10 });
    expect(rows.map((r) => [r.eventId, r.signature])).toEqual([[4242, 'valid']]);
  });
});
