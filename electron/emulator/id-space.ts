import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { highestIdsIn } from './persistence';
import { ensurePrivateDir, prepareSqliteFile, restrictSqliteCompanions } from '../services/platform/private-files';
import { withTransaction } from '../services/platform/sqlite-transaction';

/** The ids a sandbox hands out that a receiver keys on: event ids (interface 6.1) and order ids. */
export type IdKind = 'event' | 'order';

/**
 * One id space per data folder. Every sandbox that makes events for a folder (the app's,
 * `hooklab trigger <scenario>`, `hooklab sandbox --data-dir`) takes its event and order ids here,
 * so no two of them ever hand out the same id, even when running at the same time: a listener
 * would mark the second "duplicate of #11", and a handler deduplicating by event id drops it.
 */
export interface IdSpace {
  /**
   * `count` consecutive new ids of `kind`, returning the first: above every id taken here
   * before and above `floor` (the highest id the caller already knows of, e.g. its own state).
   */
  take(kind: IdKind, floor: number, count?: number): number;
  close(): void;
}

/** The file in a data folder that holds its id space. */
export const ID_SPACE_FILE = 'sandbox-ids.sqlite';

/** Where a data folder's sandboxes keep their state: the app's, and `hooklab trigger <scenario>`'s. */
export const APP_SANDBOX_FOLDER = 'sandbox';
export const TRIGGER_SANDBOX_FOLDER = 'trigger-sandbox';

/**
 * A folder's sandboxes counted each on their own before it had an id space: it starts above
 * all they handed out (`hooklab sandbox --data-dir` keeps its state in the folder itself).
 */
function startingPoint(dataDir: string): { event: number; order: number } {
  const states = ['.', APP_SANDBOX_FOLDER, TRIGGER_SANDBOX_FOLDER].map((folder) => highestIdsIn(join(dataDir, folder)));
  // Order ids start at 100001, as the service's sandbox numbers them.
  return { event: Math.max(0, ...states.map((s) => s.deliveryId)), order: Math.max(100_000, ...states.map((s) => s.orderId)) };
}

/**
 * The id space of `dataDir`, in `dataDir/sandbox-ids.sqlite`. Each take is one IMMEDIATE
 * transaction: SQLite's file lock makes takes of several processes follow one another, and
 * busy_timeout lets a take wait for another's instead of failing.
 */
export function openIdSpace(dataDir: string): IdSpace {
  ensurePrivateDir(dataDir);
  const path = join(dataDir, ID_SPACE_FILE);
  prepareSqliteFile(path);
  const db = new DatabaseSync(path);
  db.exec('PRAGMA busy_timeout = 10000');
  db.exec('PRAGMA journal_mode = WAL');
  restrictSqliteCompanions(path);
  db.exec('CREATE TABLE IF NOT EXISTS next_ids (kind TEXT PRIMARY KEY, next INTEGER NOT NULL)');
  const fresh = (db.prepare('SELECT count(*) AS n FROM next_ids').get() as { n: number }).n === 0;
  if (fresh) {
    const start = startingPoint(dataDir);
    db.prepare('INSERT OR IGNORE INTO next_ids (kind, next) VALUES (?, ?), (?, ?)').run('event', start.event + 1, 'order', start.order + 1);
  }
  const read = db.prepare('SELECT next FROM next_ids WHERE kind = ?');
  const write = db.prepare('INSERT INTO next_ids (kind, next) VALUES (?, ?) ON CONFLICT (kind) DO UPDATE SET next = excluded.next');
  let open = true;
  return {
    take(kind, floor, count = 1) {
      if (!open) throw new Error('the id space is closed');
      return withTransaction(
        db,
        () => {
          const stored = read.get(kind) as { next: number } | undefined;
          const first = Math.max(stored?.next ?? 1, floor + 1);
          write.run(kind, first + count);
          return first;
        },
        'IMMEDIATE',
      );
    },
    close() {
      if (!open) return;
      open = false;
      db.close();
    },
  };
}
