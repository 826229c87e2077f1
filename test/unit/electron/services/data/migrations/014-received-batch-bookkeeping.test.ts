import { describe, expect, it } from 'vitest';
import { DatabaseSync } from 'node:sqlite';
import { migrate } from '../../../../../../electron/services/data/migrate';
import { migrations } from '../../../../../../electron/services/data/migrations';
import { DeliveryStore } from '../../../../../../electron/services/data/delivery-store';
import { DeliverySearch } from '../../../../../../electron/services/data/delivery-search';
import { judgeDelivery, type JudgeContext } from '../../../../../../electron/features/live/listener/judge';
import { nodeHmac } from '../../../../../../electron/services/platform/node-hmac';

const CONTEXT: JudgeContext = { keys: [], answers: { answer: { status: 200, delayMs: 0, body: '', hang: false }, rules: [] }, passThrough: false };

function delivery(body: string, headers: Array<[string, string]> = [['Content-Type', 'application/json']]) {
  const bytes = Buffer.from(body);
  return judgeDelivery({ receivedAtMs: Date.now(), method: 'POST', path: '/hooks', headers, body: bytes, bodySize: bytes.length, truncation: null }, CONTEXT, nodeHmac);
}

/** What the totals must say: every stored row, measured as the delete trigger measures it. */
function summed(db: DatabaseSync) {
  return db.prepare('SELECT COUNT(*) AS count, COALESCE(SUM(length(body) + length(headers_json)), 0) AS bytes FROM received_deliveries').get() as { count: number; bytes: number };
}

describe('totals and search queue kept per batch (migration 014)', () => {
  it('keeps the totals equal to what is stored through batches, retention and Clear, with a header of characters outside ASCII', () => {
    const db = new DatabaseSync(':memory:');
    migrate(db, migrations.filter((m) => m.id < 14));
    // A row the listener stored before this step (its insert trigger counted it).
    db.prepare(`INSERT INTO received_deliveries (received_at, received_at_ms, method, path, headers_json, body, body_size,
      body_sha256, signature_outcome) VALUES ('2026-01-01T00:00:00Z', 0, 'POST', '/hooks', '[]', ?, 7, 'x', 'missing')`).run(Buffer.from('{"n":0}'));
    migrate(db, migrations);

    const store = new DeliveryStore(db);
    const totals = () => ({ count: store.totals().count, bytes: store.totals().bytes });
    expect(totals()).toEqual(summed(db));
    store.insertBatch([delivery('{"n":1}'), delivery('{"n":2}', [['X-Note', 'café 😀 ✓']])]);
    expect(totals()).toEqual(summed(db));
    expect(totals().count).toBe(3);
    // Retention in the batch's own transaction.
    store.insertBatch([delivery('{"n":3}')], { maxDeliveries: 2, maxBytes: Number.MAX_SAFE_INTEGER });
    expect(totals()).toEqual(summed(db));
    expect(totals().count).toBe(2);
    store.clear();
    expect(totals()).toEqual({ count: 0, bytes: 0 });
  });

  it('queues each batch for the search index, and only it', () => {
    const db = new DatabaseSync(':memory:');
    migrate(db, migrations);
    const store = new DeliveryStore(db);
    const search = new DeliverySearch(db);
    store.insertBatch([delivery('{"coupon":"FIRSTCODE"}')]);
    expect(search.pending()).toBe(1);
    search.indexAll();
    const [a, b] = store.insertBatch([delivery('{"coupon":"SECONDCODE"}'), delivery('{"coupon":"THIRDCODE"}')]);
    expect(search.pending()).toBe(2);
    expect(search.search('thirdcode', 10).ids).toEqual([b!.summary.id]);
    expect(search.search('secondcode', 10).ids).toEqual([a!.summary.id]);
    expect(search.pending()).toBe(0);
    const triggers = db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'received_deliveries'").all() as { name: string }[];
    expect(triggers.map((t) => t.name).sort()).toEqual(['received_totals_delete']);
  });
});
