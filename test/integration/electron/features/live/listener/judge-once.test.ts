import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { ListenerServer } from '../../../../../../electron/features/live/listener/listener-server';
import { createKeyedHmac } from '../../../../../../electron/features/live/listener/keyed-hmac';
import { openConnection, openDatabase } from '../../../../../../electron/services/data/database';
import { DeliveryStore } from '../../../../../../electron/services/data/delivery-store';
import { isSqliteBusy } from '../../../../../../electron/services/data/storage-error';
import { ListenerSettingsSchema } from '../../../../../../shared/settings/listener';
import { signBody } from '../../../../../../shared/signing';
import { nodeHmac } from '../../../../../../electron/services/platform/node-hmac';
import { eventBody, post } from '../live-helpers';

const KEY = 'test-key';
const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

describe('a batch that finds the write lock taken', () => {
  it('is judged once: its retries run only the SQL, no second HMAC of any body', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hooklab-judge-once-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, 'hooklab.db');
    openDatabase(path).close();
    const db = openConnection(path, { busyTimeoutMs: 0 });
    cleanup.push(() => db.close());

    let judgements = 0;
    const hmac = createKeyedHmac();
    // Every signature verdict computes one HMAC per known key (one key here).
    const counting = (key: Uint8Array, data: Uint8Array) => {
      judgements++;
      return hmac(key, data);
    };
    // The busy policy is asked the time on every try: the fifth try is proof of four retries.
    let tries = 0;
    let fifthTry: () => void = () => {};
    const retried = new Promise<void>((resolve) => (fifthTry = resolve));
    const listener = new ListenerServer({
      store: new DeliveryStore(db),
      hmac: counting,
      settings: () => ListenerSettingsSchema.parse({}),
      keys: () => [{ id: 'k1', value: KEY, accepted: true }],
      now: () => Date.now(),
      onStored: () => {},
      onForwarded: () => {},
      onError: () => {},
      onStoreFailed: () => {},
      busy: {
        isBusy: isSqliteBusy,
        giveUpAfterMs: 60_000,
        now: () => {
          if (++tries === 5) fifthTry();
          return performance.now();
        },
      },
    });
    const port = await listener.start(0);
    cleanup.push(() => listener.stop());

    // Another connection holds the write lock, as a long write of the main thread would.
    const holder = new DatabaseSync(path);
    holder.exec('BEGIN IMMEDIATE');
    cleanup.push(() => holder.close());

    const bodies = [eventBody({ orderId: 'ord-a' }), eventBody({ orderId: 'ord-b' })];
    const answers = bodies.map((body, i) =>
      post(`http://127.0.0.1:${port}/hooks`, body, { 'Content-Type': 'application/json', 'X-Svc-Hmac-Sha256': signBody(nodeHmac, KEY, body), 'X-Svc-Event-Id': String(500 + i) }),
    );
    await retried;
    holder.exec('ROLLBACK');
    const statuses = (await Promise.all(answers)).map((a) => a.status);

    expect(statuses).toEqual([200, 200]);
    expect(tries).toBeGreaterThanOrEqual(5);
    expect(judgements).toBe(bodies.length);
    const rows = db.prepare('SELECT signature_outcome FROM received_deliveries ORDER BY id').all() as Array<{ signature_outcome: string }>;
    expect(rows.map((r) => r.signature_outcome)).toEqual(['valid', 'valid']);
  });
});
