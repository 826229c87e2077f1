import { describe, expect, it } from 'vitest';
import { DatabaseSync } from 'node:sqlite';
import { migrate } from '../../../../../../electron/services/data/migrate';
import { migrations } from '../../../../../../electron/services/data/migrations';
import { DeliveryStore } from '../../../../../../electron/services/data/delivery-store';
import { DeliverySearch } from '../../../../../../electron/services/data/delivery-search';
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
    { receivedAtMs: Date.now(), method: 'POST', path: '/hooks', headers: [['Content-Type', 'application/json']], body: bytes, bodySize: bytes.length, truncation: null },
    CONTEXT,
    nodeHmac,
  );
}

function openDb() {
  const db = new DatabaseSync(':memory:');
  db.exec('PRAGMA foreign_keys = ON');
  return db;
}

describe('delivery ids are never reused (migration 009)', () => {
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
    // Rows as the listener of schema 6 wrote them (today's store writes columns of later steps).
    const insert = db.prepare(`INSERT INTO received_deliveries (received_at, received_at_ms, method, path, headers_json, body, body_size,
      body_sha256, signature_outcome) VALUES ('2026-01-01T00:00:00Z', 0, 'POST', '/hooks', '[]', ?, ?, 'x', 'missing')`);
    const old = (body: string) => ({ summary: { id: Number(insert.run(Buffer.from(body), body.length).lastInsertRowid) } });
    const first = old('{"coupon":"OLDCODE"}');
    const second = old('{"coupon":"SECOND"}');
    db.prepare(`INSERT INTO forward_results (delivery_id, target, status, headers_json, body, latency_ms, error, created_at)
      VALUES (?, 'http://127.0.0.1:9/', 200, '[]', 'ok', 3, NULL, '2026-01-01T00:00:00Z')`).run(first.summary.id);
    migrate(db, migrations);

    const store = new DeliveryStore(db);
    expect(store.forwards(first.summary.id)).toHaveLength(1);
    expect(store.totals().count).toBe(2);
    expect(new DeliverySearch(db).search('OLDCODE', 10).ids).toEqual([first.summary.id]);
    // Retention and Clear then leave an empty table; the next id still follows the highest.
    store.clear();
    const [next] = store.insertBatch([delivery('{"coupon":"NEW"}')]);
    expect(next!.summary.id).toBe(second.summary.id + 1);
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    // The rebuilt table kept its triggers (the insert ones were dropped later by migration 014, the
    // search one by 015, which moved the index to a file of its own).
    const triggers = db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'received_deliveries'").all() as { name: string }[];
    expect(triggers.map((t) => t.name).sort()).toEqual(['received_totals_delete']);
  });
});
