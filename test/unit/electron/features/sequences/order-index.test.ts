import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../../../electron/services/data/database';
import { DeliverySource } from '../../../../../electron/features/sequences/delivery-source';
import { HistorySequenceReads, SequenceReads } from '../../../../../electron/services/data/sequence-reads';
import { ImportStore } from '../../../../../electron/services/data/import-store';
import { OrderIndex, type IndexScope } from '../../../../../electron/features/sequences/order-index';
import { THREE_DS_GRACE_MS } from '../../../../../shared/sequences';
import { at, body, move } from './build';

let eventId = 0;
function receive(db: Database, text: string, createdSeconds: number, options: { keyId?: string; importId?: number } = {}): void {
  const bytes = Buffer.from(text);
  const ms = at(createdSeconds);
  db.prepare(`INSERT INTO received_deliveries (received_at, received_at_ms, method, path, headers_json, body, body_size, body_sha256,
    event_id, event_created, event_created_ms, signature_outcome, signature_key_id, import_id) VALUES (?, ?, 'POST', '/', '[]', ?, ?, ?, ?, ?, ?, 'valid', ?, ?)`)
    .run(new Date(ms).toISOString(), ms, bytes, bytes.length, createHash('sha256').update(bytes).digest('hex'), ++eventId, new Date(ms).toISOString(), ms, options.keyId ?? null, options.importId ?? null);
}

function setup(scope: IndexScope = { environmentId: 'sandbox', otherEnvironmentKeyIds: [] }) {
  const db = openDatabase(':memory:');
  const clock = { now: at(0) };
  let current = scope;
  const imports = new ImportStore(db);
  const index = new OrderIndex(new DeliverySource(new SequenceReads(db), new HistorySequenceReads(db)), () => current, () => clock.now, (ids) => new Set(imports.marksOf(ids).keys()));
  return { db, clock, index, setScope: (s: IndexScope) => (current = s) };
}

describe('OrderIndex (real SQLite in memory)', () => {
  it('reads new rows on every call and reports the orders that changed, not the first read', async () => {
    const { db, index } = setup();
    receive(db, body('Created', null, 'A'), 0);
    expect((await index.list({ offset: 0, limit: 10 })).orders.map((o) => o.orderId)).toEqual(['A']);
    expect(index.takeChanged()).toEqual([]);
    receive(db, body('Created', null, 'B'), 1);
    receive(db, body('Updated', move('PENDING', 'READY'), 'A'), 2);
    const list = await index.list({ offset: 0, limit: 10 });
    expect(list.orders.map((o) => [o.orderId, o.flagKinds])).toEqual([['A', ['skipped-step']], ['B', []]]);
    expect(index.takeChanged().sort()).toEqual(['A', 'B']);
    expect(index.takeChanged()).toEqual([]);
  });

  it('opens an order with its whole bodies although the index keeps slim events', async () => {
    const { db, index } = setup();
    receive(db, body('SuccessPayment', { BuyerName: 'Ana', orderDetail: [] }, 'P'), 0);
    const detail = await index.get('P');
    expect(detail?.payment?.buyer.name).toBe('Ana');
    expect(detail?.events[0]?.description).toBe('SuccessPayment');
    expect(await index.get('missing')).toBeUndefined();
  });

  it('judges a 3-D Secure success again once its grace period has passed', async () => {
    const { db, clock, index } = setup();
    receive(db, body('ThreeDSecureAuthSucceeded', { authenticationId: 'a1' }, 'S'), 0);
    expect((await index.list({ offset: 0, limit: 10, hasFlags: true })).total).toBe(0);
    clock.now = at(0) + THREE_DS_GRACE_MS + 1_000;
    expect((await index.list({ offset: 0, limit: 10, hasFlags: true })).orders.map((o) => o.flagKinds)).toEqual([['3ds-not-confirmed']]);
  });

  it("leaves out deliveries verified by another environment's key, and starts over when the scope changes", async () => {
    const { db, index, setScope } = setup({ environmentId: 'sandbox', otherEnvironmentKeyIds: ['live-key'] });
    receive(db, body('Created', null, 'mine'), 0);
    receive(db, body('Created', null, 'theirs'), 1, { keyId: 'live-key' });
    expect((await index.list({ offset: 0, limit: 10 })).orders.map((o) => o.orderId)).toEqual(['mine']);
    setScope({ environmentId: 'live', otherEnvironmentKeyIds: [] });
    expect((await index.list({ offset: 0, limit: 10 })).orders.map((o) => o.orderId)).toEqual(['theirs', 'mine']);
    expect(index.takeChanged().sort()).toEqual(['mine', 'theirs']);
  });

  it('filters by status, type, flags and text', async () => {
    const { db, index } = setup();
    receive(db, body('Created', null, 'one'), 0);
    receive(db, body('Cancelled', null, 'one'), 1);
    receive(db, body('Created', null, 'two'), 2);
    expect((await index.list({ offset: 0, limit: 10, status: 'CANCELLED' })).orders.map((o) => o.orderId)).toEqual(['one']);
    expect((await index.list({ offset: 0, limit: 10, text: 'TWO' })).orders.map((o) => o.orderId)).toEqual(['two']);
    expect((await index.list({ offset: 0, limit: 10, orderType: 'FULL' })).total).toBe(0);
    expect((await index.list({ offset: 0, limit: 10, hasFlags: false })).total).toBe(2);
    expect((await index.list({ offset: 1, limit: 1 })).orders.map((o) => o.orderId)).toEqual(['one']);
  });

  it('a reset during a read abandons it; concurrent calls share one read at a time', async () => {
    const { db, index } = setup();
    for (let i = 0; i < 20; i++) receive(db, body('Created', null, `o${i}`), i);
    const first = index.list({ offset: 0, limit: 100 });
    const second = index.list({ offset: 0, limit: 100 });
    expect((await first).allOrders).toBe(20);
    expect((await second).allOrders).toBe(20);
    const reading = index.refresh();
    index.reset();
    await reading;
    expect((await index.list({ offset: 0, limit: 100 })).allOrders).toBe(20);
  });
});

describe('OrderIndex: the next judgement', () => {
  it('says when a 3-D Secure success must be judged again, and reports the order once judged', async () => {
    const { db, clock, index } = setup();
    receive(db, body('ThreeDSecureAuthSucceeded', { authenticationId: 'a1' }, 'S'), 0);
    await index.list({ offset: 0, limit: 1 });
    expect(index.nextRecheckAt()).toBe(at(0) + THREE_DS_GRACE_MS + 1);
    clock.now = at(0) + THREE_DS_GRACE_MS + 1;
    index.recheckNow();
    expect(index.takeChanged()).toEqual(['S']);
    expect(index.nextRecheckAt()).toBeNull();
  });
});

describe('OrderIndex: retention', () => {
  it('forgets received deliveries retention removed: orders left empty go, others are derived again', async () => {
    const { db, index } = setup();
    receive(db, body('Created', null, 'old'), 0);
    receive(db, body('Created', null, 'both'), 1);
    receive(db, body('Cancelled', null, 'both'), 2);
    receive(db, 'not json', 3);
    receive(db, body('Created', null, 'new'), 4);
    const before = await index.list({ offset: 0, limit: 10 });
    expect(before.orders.map((o) => o.orderId)).toEqual(['new', 'both', 'old']);
    expect(before.unassignedTotal).toBe(1);
    const ids = (db.prepare('SELECT id FROM received_deliveries ORDER BY id').all() as Array<{ id: number }>).map((r) => r.id);
    db.prepare('DELETE FROM received_deliveries WHERE id < ?').run(ids[2]!);
    index.forgetLiveBelow(ids[2]!);
    const after = await index.list({ offset: 0, limit: 10 });
    expect(after.orders.map((o) => [o.orderId, o.status, o.events])).toEqual([['new', 'PENDING', 1], ['both', 'CANCELLED', 1]]);
    expect(index.takeChanged().sort()).toEqual(['both', 'old']);
    expect(after.unassignedTotal).toBe(1);
    db.prepare('DELETE FROM received_deliveries WHERE id < ?').run(ids[4]!);
    index.forgetLiveBelow(ids[4]!);
    expect((await index.list({ offset: 0, limit: 10 })).unassignedTotal).toBe(0);
    index.forgetLiveBelow(null);
    db.prepare('DELETE FROM received_deliveries').run();
    expect((await index.list({ offset: 0, limit: 10 })).allOrders).toBe(0);
  });

  it('retention forgets only what it removed: imported rows below the oldest kept delivery stay in their orders', async () => {
    const { db, index } = setup();
    const importId = Number(db.prepare("INSERT INTO imports (file_name, kind, imported_at, count) VALUES ('x.har', 'har', '2026-01-01T00:00:00Z', 2)").run().lastInsertRowid);
    receive(db, body('Created', null, 'imp'), 0, { importId });
    receive(db, body('Created', null, 'gone'), 1);
    receive(db, body('Cancelled', null, 'imp'), 2, { importId });
    receive(db, body('Created', null, 'kept'), 3);
    expect((await index.list({ offset: 0, limit: 10 })).orders.map((o) => o.orderId).sort()).toEqual(['gone', 'imp', 'kept']);
    const ids = (db.prepare('SELECT id FROM received_deliveries WHERE import_id IS NULL ORDER BY id').all() as Array<{ id: number }>).map((r) => r.id);
    db.prepare('DELETE FROM received_deliveries WHERE id < ? AND import_id IS NULL').run(ids[1]!);
    index.forgetLiveBelow(ids[1]!);
    const after = await index.list({ offset: 0, limit: 10 });
    expect(after.orders.map((o) => [o.orderId, o.events]).sort()).toEqual([['imp', 2], ['kept', 1]]);
    expect(index.takeChanged()).toEqual(['gone']);
    // Imported after the last read, below the oldest kept once retention runs: read in all the same.
    receive(db, body('Created', null, 'late'), 4, { importId });
    receive(db, body('Created', null, 'newest'), 5);
    const newest = Number((db.prepare('SELECT max(id) AS id FROM received_deliveries').get() as { id: number }).id);
    db.prepare('DELETE FROM received_deliveries WHERE id < ? AND import_id IS NULL').run(newest);
    index.forgetLiveBelow(newest);
    expect((await index.list({ offset: 0, limit: 10 })).orders.map((o) => o.orderId).sort()).toEqual(['imp', 'late', 'newest']);
  });
});
