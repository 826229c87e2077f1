import { describe, expect, it } from 'vitest';
import { DatabaseSync } from 'node:sqlite';
import { migrate } from '../../../../../../electron/services/data/migrate';
import { migrations } from '../../../../../../electron/services/data/migrations';
import { DeliveryStore } from '../../../../../../electron/services/data/delivery-store';
import { DeliverySearch } from '../../../../../../electron/features/live/delivery-search';
import { judgeDelivery, type JudgeContext } from '../../../../../../electron/features/live/listener/judge';
import { nodeHmac } from '../../../../../../electron/services/platform/node-hmac';

const CONTEXT: JudgeContext = {
  keys: [],
  answers: { answer: { status: 200, delayMs: 0, body: '', hang: false }, rules: [] },
  passThrough: false,
};

function delivery(body: string) {
  const bytes = Buffer.from(body);
  return judgeDelivery(
    { receivedAtMs: Date.now(), method: 'POST', path: '/hooks', rawHeaders: ['Content-Type', 'application/json'], body: bytes, bodySize: bytes.length, truncation: null },
    CONTEXT,
    nodeHmac,
  );
}

function openDb() {
  const db = new DatabaseSync(':memory:');
  db.exec('PRAGMA foreign_keys = ON');
  return db;
}

describe('delivery ids are never reused (migration 008)', () => {
  it('gives the first delivery after Clear a new id, not one a link or a draft already points at', () => {
    const db = openDb();
    migrate(db, migrations);
    const store = new DeliveryStore(db);
    const [a, b] = store.insertBatch([delivery('{"n":1}'), delivery('{"n":2}')]);
    store.clear();
    const [c] = store.insertBatch([delivery('{"n":3}')]);
    expect(c!.summary.id).toBeGreaterThan(b!.summary.id);
    expect(a!.summary.id).toBeLessThan(b!.summary.id);
  });

  it('keeps every row, its forward results, totals and search of a database made before it', () => {
    const db = openDb();
    migrate(db, migrations.filter((m) => m.id <= 6));
    const before = new DeliveryStore(db);
    const [first, second] = before.insertBatch([delivery('{"coupon":"OLDCODE"}'), delivery('{"coupon":"SECOND"}')]);
    before.saveForwards(first!.summary.id, [{ target: 'http://127.0.0.1:9/', status: 200, headers: [], body: 'ok', latencyMs: 3, error: null }]);
    migrate(db, migrations);

    const store = new DeliveryStore(db);
    expect(store.forwards(first!.summary.id)).toHaveLength(1);
    expect(store.totals().count).toBe(2);
    expect(new DeliverySearch(db).search('OLDCODE', 10).ids).toEqual([first!.summary.id]);
    // Retention and Clear then leave an empty table; the next id still follows the highest.
    store.clear();
    const [next] = store.insertBatch([delivery('{"coupon":"NEW"}')]);
    expect(next!.summary.id).toBe(second!.summary.id + 1);
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    const triggers = db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'received_deliveries'").all();
    expect(triggers.length).toBeGreaterThanOrEqual(4);
  });
});
