import { afterEach, describe, expect, it, vi } from 'vitest';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openConnection, openDatabase } from '../../../../../electron/services/data/database';
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

describe('full-text search over received deliveries (migrations 006, 015)', () => {
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

  it('forgets, in the background, the deliveries retention and Clear removed', () => {
    const { db, store, search } = setup();
    const indexedRows = () => (db.prepare("SELECT count(*) AS n FROM search.received_search WHERE received_search MATCH 'note'").get() as { n: number }).n;
    store.insertBatch([delivery('{"note":"one"}'), delivery('{"note":"two"}'), delivery('{"note":"three"}')]);
    search.indexAll();
    store.insertBatch([delivery('{"note":"four"}')], { maxDeliveries: 2, maxBytes: 1e9 });
    expect(search.search('note', 10).ids).toEqual([4, 3]);
    search.forgetRemoved();
    expect(indexedRows()).toBe(2);
    store.clear();
    search.forgetRemoved();
    expect(indexedRows()).toBe(0);
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

  it('starts the next background turn of a steady stream at the chunk size it reached, not at twice the few rows that emptied the backlog', async () => {
    const { store, search } = setup();
    // Each chunk seems to take a microsecond: the time budget never limits the chunk here.
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 0.001));
    const limits: number[] = [];
    const indexSome = search.indexSome.bind(search);
    vi.spyOn(search, 'indexSome').mockImplementation((limit?: number) => {
      limits.push(limit ?? -1);
      return indexSome(limit);
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // 300 waiting: chunks of 1, 2, 4 ... 128 (255 rows), then 45 of a chunk of 256 empty it.
      store.insertBatch(Array.from({ length: 300 }, (_, n) => delivery(`{"n":${n}}`)));
      search.scheduleIndexing(0);
      await vi.runAllTimersAsync();
      expect(limits.at(-1)).toBe(256);
      expect(search.pending()).toBe(0);
      // The stream goes on: 200 more arrive. They go in one chunk, not in chunks of 90, 180...
      limits.length = 0;
      store.insertBatch(Array.from({ length: 200 }, (_, n) => delivery(`{"m":${n}}`)));
      search.scheduleIndexing(0);
      await vi.runAllTimersAsync();
      expect(limits).toEqual([256]);
      expect(search.pending()).toBe(0);
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
      search.stop();
    }
  });
});

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hooklab-search-file-'));
  folders.push(dir);
  return dir;
}

/** `target[prop]`, a method bound to `target` (a Proxy's pass-through). */
function passThrough(target: object, prop: string | symbol): unknown {
  const value = Reflect.get(target, prop) as unknown;
  return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
}

/**
 * `db` whose write statements, when run inside a transaction, first call `during` (what another
 * connection tries while the indexing transaction is open).
 */
function duringWrites(db: DatabaseSync, during: () => void): DatabaseSync {
  const wrap = (statement: StatementSync, sql: string): StatementSync =>
    /^\s*(INSERT|UPDATE|DELETE)/i.test(sql)
      ? new Proxy(statement, {
          get: (target, prop) =>
            prop === 'run'
              ? (...args: Parameters<StatementSync['run']>) => {
                  if (db.isTransaction) during();
                  return target.run(...args);
                }
              : passThrough(target, prop),
        })
      : statement;
  return new Proxy(db, { get: (target, prop) => (prop === 'prepare' ? (sql: string) => wrap(target.prepare(sql), sql) : passThrough(target, prop)) });
}

describe('the search index in a file of its own (migration 015)', () => {
  it("never holds hooklab.db's write lock: the listener's connection commits while an indexing transaction is open", () => {
    const path = join(folder(), 'hooklab.db');
    const db = openDatabase(path);
    const listener = openConnection(path, { busyTimeoutMs: 0 });
    const listenerStore = new DeliveryStore(listener);
    listenerStore.insertBatch([delivery('{"note":"before"}')]);
    let committedMeanwhile = 0;
    let watching = true;
    const search = new DeliverySearch(
      duringWrites(db, () => {
        if (!watching) return;
        // Throws SQLITE_BUSY if indexing held the lock the listener's commits need.
        listenerStore.insertBatch([delivery('{"note":"meanwhile"}')]);
        committedMeanwhile++;
      }),
    );
    search.indexAll();
    search.forgetRemoved();
    watching = false;
    expect(committedMeanwhile).toBeGreaterThan(0);
    expect(search.search('meanwhile', 100).ids.length).toBe(committedMeanwhile);
    expect(statSync(join(path, '../hooklab-search.db')).mode & 0o777).toBe(0o600);
    listener.close();
    db.close();
  });

  it('rebuilds an index file that was built for another database, and starts a damaged one anew', () => {
    const dir = folder();
    const path = join(dir, 'hooklab.db');
    let db = openDatabase(path);
    new DeliveryStore(db).insertBatch([delivery('{"coupon":"OLDFOLDER"}')]);
    expect(new DeliverySearch(db).search('oldfolder', 10).ids).toEqual([1]);
    db.close();
    // The database is replaced (set aside as damaged, say); the index file stays.
    for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
    db = openDatabase(path);
    new DeliveryStore(db).insertBatch([delivery('{"coupon":"NEWFOLDER"}')]);
    const search = new DeliverySearch(db);
    expect(search.search('oldfolder', 10).ids).toEqual([]);
    expect(search.search('newfolder', 10).ids).toEqual([1]);
    db.close();

    writeFileSync(join(dir, 'hooklab-search.db'), 'not a database at all, but long enough to be read as one '.repeat(200));
    for (const suffix of ['-wal', '-shm']) rmSync(join(dir, 'hooklab-search.db') + suffix, { force: true });
    db = openDatabase(path);
    expect(new DeliverySearch(db).search('newfolder', 10).ids).toEqual([1]);
    db.close();
  });
});
