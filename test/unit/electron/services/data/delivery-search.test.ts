import { describe, expect, it } from 'vitest';
import { DatabaseSync } from 'node:sqlite';
import { migrate } from '../../../../../electron/services/data/migrate';
import { migrations } from '../../../../../electron/services/data/migrations';
import { DeliveryStore } from '../../../../../electron/services/data/delivery-store';
import { DeliverySearch } from '../../../../../electron/services/data/delivery-search';
import { judgeDelivery, type JudgeContext, headerPairs } from '../../../../../electron/features/live/listener/judge';
import { nodeHmac } from '../../../../../electron/services/platform/node-hmac';

const CONTEXT: JudgeContext = {
  keys: [],
  answers: { answer: { status: 200, delayMs: 0, body: '', hang: false }, rules: [] },
  passThrough: false,
};

function delivery(body: string | Buffer, headers: string[] = []) {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return judgeDelivery(
    { receivedAtMs: Date.now(), method: 'POST', path: '/hooks', headers: headerPairs(['Content-Type', 'application/json', ...headers]), body: bytes, bodySize: bytes.length, truncation: null },
    CONTEXT,
    nodeHmac,
  );
}

function setup() {
  const db = new DatabaseSync(':memory:');
  migrate(db, migrations);
  return { db, store: new DeliveryStore(db), search: new DeliverySearch(db) };
}

describe('full-text search over received deliveries (migration 006)', () => {
  it('finds a value that only appears in a body or a header, newest first', () => {
    const { store, search } = setup();
    const [a, b, c] = store.insertBatch([
      delivery(JSON.stringify({ orderId: 'o1', metadata: { buyerEmail: 'ana@example.com', coupon: 'SPRING24' } })),
      delivery(JSON.stringify({ orderId: 'o2', metadata: null }), ['X-Trace', 'trace-7f3a']),
      delivery(JSON.stringify({ orderId: 'o3', metadata: { coupon: 'SPRING24' } })),
    ]);
    expect(search.search('ana@example.com', 10)).toEqual({ ids: [a!.summary.id], more: false, indexing: 0 });
    expect(search.search('spring', 10).ids).toEqual([c!.summary.id, a!.summary.id]);
    expect(search.search('trace-7f3a', 10).ids).toEqual([b!.summary.id]);
    expect(search.search('SPRING24', 1)).toEqual({ ids: [c!.summary.id], more: true, indexing: 0 });
    expect(search.search('nothing-like-this', 10).ids).toEqual([]);
    expect(search.search(' @@ ', 10)).toEqual({ ids: [], more: false, indexing: 0 });
  });

  it('forgets deleted and cleared deliveries', () => {
    const { db, store, search } = setup();
    store.insertBatch([delivery('{"coupon":"OLDCODE"}'), delivery('{"coupon":"KEEP"}')]);
    db.exec('DELETE FROM received_deliveries WHERE id = 1');
    expect(search.search('oldcode', 10).ids).toEqual([]);
    store.clear();
    const [fresh] = store.insertBatch([delivery('{"coupon":"NEWCODE"}')]);
    expect(search.search('keep', 10).ids).toEqual([]);
    expect(search.search('newcode', 10).ids).toEqual([fresh!.summary.id]);
  });

  it('indexes rows stored before the migration (backfill)', () => {
    const db = new DatabaseSync(':memory:');
    migrate(db, migrations.filter((m) => m.id < 6));
    // Written as the listener of schema 5 wrote it (today's store writes later columns too).
    db.prepare(`INSERT INTO received_deliveries (received_at, received_at_ms, method, path, headers_json, body, body_size,
      body_sha256, signature_outcome) VALUES ('2026-01-01T00:00:00Z', 0, 'POST', '/hooks', '[]', ?, 33, 'x', 'unsigned')`)
      .run(Buffer.from('{"authenticationId":"auth-0b1c"}'));
    migrate(db, migrations);
    expect(new DeliverySearch(db).search('auth-0b1c', 10).ids).toEqual([1]);
  });

  it('still indexes the readable parts of a body that is not UTF-8', () => {
    const { store, search } = setup();
    store.insertBatch([delivery(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(' marker-ascii ')]))]);
    expect(search.search('marker-ascii', 10).ids).toEqual([1]);
  });

  it('indexes without an fsync of its own, and the connection is back to synchronous=FULL after, even when indexing fails', () => {
    const { db, store, search } = setup();
    db.exec('PRAGMA synchronous = FULL');
    const level = () => (db.prepare('PRAGMA synchronous').get() as { synchronous: number }).synchronous;
    store.insertBatch([delivery('{"note":"one"}')]);
    expect(search.indexSome()).toBe(1);
    expect(level()).toBe(2);
    store.insertBatch([delivery('{"note":"two"}')]);
    db.exec('DROP TABLE received_search');
    expect(() => search.indexSome()).toThrow();
    expect(level()).toBe(2);
  });
});

describe('a search during a burst', () => {
  it('answers from what is indexed at once and says how many deliveries wait, never indexing the whole backlog first', () => {
    const { store, search } = setup();
    const [early] = store.insertBatch([delivery('{"coupon":"BURSTCODE","n":0}')]);
    expect(search.search('burstcode', 10)).toEqual({ ids: [early!.summary.id], more: false, indexing: 0 });
    // A burst stored since: 5,000 deliveries waiting for the index.
    store.insertBatch(Array.from({ length: 5000 }, (_, n) => delivery(`{"coupon":"BURSTCODE","n":${n + 1}}`)));
    const during = search.search('burstcode', 20_000);
    // A bounded part was indexed for this answer; the rest is said, not waited for.
    expect(during.indexing).toBeGreaterThan(0);
    expect(during.ids.length + during.indexing).toBe(5001);
    expect(during.ids).toContain(early!.summary.id);
    search.indexAll();
    expect(search.search('burstcode', 20_000)).toMatchObject({ indexing: 0 });
    expect(search.search('burstcode', 20_000).ids).toHaveLength(5001);
  });
});
