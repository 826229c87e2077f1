import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { ensurePrivateDir, prepareSqliteFile, restrictSqliteCompanions } from '../services/platform/private-files';
import type { DeliveryRecord } from './types';
import { withTransaction } from '../services/platform/sqlite-transaction';

export type RecordKind = 'store' | 'order' | 'paymentMethod' | 'authentication' | 'meta';

/**
 * Where the sandbox keeps its state between runs. The in-memory maps in SandboxState stay the
 * source of truth while running; this is a write-through copy read once at start.
 */
export interface Persistence {
  loadAll(kind: RecordKind): unknown[];
  loadDeliveries(): DeliveryRecord[];
  put(kind: RecordKind, id: string, value: unknown): void;
  putDelivery(d: DeliveryRecord): void;
  /** Many deliveries in one transaction (seeding). */
  putDeliveries(ds: DeliveryRecord[]): void;
  close(): void;
}

/** Keeps nothing: state lives and dies with the process. */
export const memoryPersistence = (): Persistence => ({
  loadAll: () => [],
  loadDeliveries: () => [],
  put: () => {},
  putDelivery: () => {},
  putDeliveries: () => {},
  close: () => {},
});

/**
 * node:sqlite persistence in `dataDir/sandbox.sqlite`. Records are JSON documents: the sandbox
 * never queries SQL (lists are served from memory), it only needs them back at the next start.
 * synchronous=NORMAL: a sandbox may lose its last commits on power loss, never on a crash.
 * The folder is 0700 and the files 0600: the records hold the stores' credentials in plain text.
 */
export function sqlitePersistence(dataDir: string): Persistence {
  ensurePrivateDir(dataDir);
  const path = join(dataDir, 'sandbox.sqlite');
  prepareSqliteFile(path);
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL');
  restrictSqliteCompanions(path);
  db.exec('PRAGMA synchronous = NORMAL');
  // A replaced record is overwritten, not left in a free page: a store key the sandbox dropped
  // (one an earlier version adopted) must not stay readable in the file.
  db.exec('PRAGMA secure_delete = ON');
  db.exec(`CREATE TABLE IF NOT EXISTS records (
    kind TEXT NOT NULL, id TEXT NOT NULL, json TEXT NOT NULL, PRIMARY KEY (kind, id))`);
  db.exec(`CREATE TABLE IF NOT EXISTS deliveries (
    id INTEGER PRIMARY KEY, store_id TEXT NOT NULL, json TEXT NOT NULL)`);
  const putRecord = db.prepare('INSERT OR REPLACE INTO records (kind, id, json) VALUES (?, ?, ?)');
  const putDel = db.prepare('INSERT OR REPLACE INTO deliveries (id, store_id, json) VALUES (?, ?, ?)');
  const byKind = db.prepare('SELECT json FROM records WHERE kind = ?');
  const allDel = db.prepare('SELECT json FROM deliveries ORDER BY id');
  let open = true;
  return {
    loadAll: (kind) => byKind.all(kind).map((r) => JSON.parse(String(r.json)) as unknown),
    loadDeliveries: () => allDel.all().map((r) => JSON.parse(String(r.json)) as DeliveryRecord),
    put: (kind, id, value) => {
      if (open) putRecord.run(kind, id, JSON.stringify(value));
    },
    putDelivery: (d) => {
      if (open) putDel.run(d.id, d.storeId, JSON.stringify(d));
    },
    putDeliveries: (ds) => {
      if (!open) return;
      withTransaction(
        db,
        () => {
          for (const d of ds) putDel.run(d.id, d.storeId, JSON.stringify(d));
        },
        'DEFERRED',
      );
    },
    close: () => {
      if (!open) return;
      open = false;
      db.close();
    },
  };
}

/** The highest delivery (event) id and order id a sandbox kept in `dataDir`; 0 when it kept none. */
export function highestIdsIn(dataDir: string): { deliveryId: number; orderId: number } {
  const path = join(dataDir, 'sandbox.sqlite');
  if (!existsSync(path)) return { deliveryId: 0, orderId: 0 };
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const delivery = db.prepare('SELECT max(id) AS n FROM deliveries').get() as { n: number | null };
    const order = db.prepare("SELECT max(CAST(id AS INTEGER)) AS n FROM records WHERE kind = 'order'").get() as { n: number | null };
    return { deliveryId: delivery.n ?? 0, orderId: order.n ?? 0 };
  } catch {
    return { deliveryId: 0, orderId: 0 }; // not a sandbox's file (or no tables yet): nothing to stay above
  } finally {
    db.close();
  }
}
