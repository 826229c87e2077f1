import type { StatementSync } from 'node:sqlite';
import type { Database } from './database';
import { SEARCH_INDEXED_BODY_BYTES } from './migrations/006-delivery-search';
import { ftsMatchQuery } from '../../../shared/search/search-terms';
import { withTransaction } from '../platform/sqlite-transaction';

/** Ids of the deliveries whose headers or body match, newest first. */
export interface SearchHits {
  readonly ids: number[];
  /** More deliveries match than `limit`: the list holds the newest ones. */
  readonly more: boolean;
  /** Stored deliveries not yet in the index (a burst): the answer does not cover them yet. */
  readonly indexing: number;
}

/**
 * What a search indexes before answering: a few quiet-time arrivals (about 25 ms of tokenising),
 * so a search right after a delivery sees it. A burst's backlog is left to the background: the
 * search answers at once from what is indexed and says how many wait.
 */
const SEARCH_INDEXES_UP_TO = 500;

export interface DeliverySearchOptions {
  /** Most rows indexed per transaction (one FTS5 segment each: larger is cheaper per row). */
  readonly chunk?: number;
  /** How long after new deliveries the background indexing starts (coalesces a burst). */
  readonly delayMs?: number;
  /** Background indexing failed (it is tried again with the next stored batch or search). */
  readonly onError?: (error: unknown) => void;
}

/**
 * Time one chunk may hold SQLite's write lock. The listener's thread waits for that lock in
 * SQLite's busy handler, which sleeps 1, 2, 5, 10... ms between tries: a 3 ms hold costs a
 * waiting commit at most ~3 ms, an 8 ms one up to 18 ms.
 */
const BUDGET_MS = 3;
/** One row can be a 256 KiB body (several ms of tokenising): chunks start at one row and grow. */
const MIN_BACKGROUND_CHUNK = 1;
/** Pause between the chunks of a search's catch-up, so the listener's commit gets the lock between them. */
const GAP_MS = 4;
/** The listener counts as quiet this long after its last stored batch. */
const QUIET_MS = 100;
/** A listener busy without pause still lets one chunk through this often. */
const MAX_DEFER_MS = 2000;

/**
 * Queues every delivery from `firstId` on for indexing: the rows of the batch just inserted
 * (ids only grow, migration 009, so nothing older is at or above it). Called once per batch by
 * DeliveryStore.commitBatch, in its transaction; this module owns the queue's SQL.
 */
export function searchQueueWriter(db: Database): (firstId: number) => void {
  const queue = db.prepare('INSERT OR IGNORE INTO received_search_pending (id) SELECT id FROM received_deliveries WHERE id >= ?');
  return (firstId) => void queue.run(firstId);
}

/**
 * Full-text search over received deliveries' headers and bodies (migration 006). New rows wait
 * in received_search_pending and are indexed here in large transactions, off the listener's
 * insert. A search first indexes a few waiting ones (SEARCH_INDEXES_UP_TO); during a burst it
 * answers from what is indexed and says how many are still waiting (`indexing`). The index is contentless: a search answers ids, and the UI, which holds every
 * summary, shows the matching rows.
 */
export class DeliverySearch {
  private readonly match: StatementSync;
  private readonly indexChunk: StatementSync;
  private readonly dequeue: StatementSync;
  private readonly waiting: StatementSync;
  private readonly chunk: number;
  private readonly delayMs: number;
  private readonly onError: (error: unknown) => void;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  /** Rows of the next background chunk, sized so that one chunk holds the event loop ~BUDGET_MS. */
  private backgroundChunk = MIN_BACKGROUND_CHUNK;
  /** When the listener last stored a batch (performance.now()). */
  private lastStoredAt = -Infinity;
  /** When background indexing first gave way to a busy listener, or null. */
  private deferredSince: number | null = null;

  constructor(
    private readonly db: Database,
    options: DeliverySearchOptions = {},
  ) {
    this.chunk = options.chunk ?? 2000;
    this.delayMs = options.delayMs ?? 250;
    this.onError = options.onError ?? (() => {});
    this.match = db.prepare('SELECT rowid AS id FROM received_search WHERE received_search MATCH ? ORDER BY rowid DESC LIMIT ?');
    // Headers as stored (a JSON array of [name, value]: the tokenizer skips the punctuation).
    this.indexChunk = db.prepare(`INSERT INTO received_search (rowid, headers, body)
      SELECT d.id, d.headers_json, CAST(substr(d.body, 1, ${SEARCH_INDEXED_BODY_BYTES}) AS TEXT)
      FROM received_search_pending p JOIN received_deliveries d ON d.id = p.id
      WHERE p.id <= ? ORDER BY p.id`);
    this.dequeue = db.prepare('DELETE FROM received_search_pending WHERE id <= ?');
    this.waiting = db.prepare('SELECT count(*) AS n FROM received_search_pending');
  }

  /** Stored deliveries not yet searchable. */
  pending(): number {
    return Number((this.waiting.get() as { n: number }).n);
  }

  /** Indexes up to `limit` waiting deliveries in one transaction; returns how many were waiting. */
  indexSome(limit = this.chunk): number {
    const ids = this.db.prepare('SELECT id FROM received_search_pending ORDER BY id LIMIT ?').all(limit) as { id: number }[];
    const last = ids.at(-1);
    if (!last) return 0;
    // Without an fsync of its own (synchronous=NORMAL for this transaction only), so the write
    // lock is not held through a disk flush: the index is derived data, written in the same
    // transaction as the queue it empties, so a commit lost to a power cut loses both and the
    // rows are indexed again. The WAL's next fsync (the listener's next commit) makes it durable.
    this.db.exec('PRAGMA synchronous = NORMAL');
    try {
      withTransaction(this.db, () => {
        this.indexChunk.run(last.id);
        this.dequeue.run(last.id);
      });
    } finally {
      this.db.exec('PRAGMA synchronous = FULL');
    }
    return ids.length;
  }

  /** indexSome, and the next chunk sized from how long this one took. */
  private indexTimed(limit: number): number {
    const started = performance.now();
    const indexed = this.indexSome(limit);
    const elapsed = performance.now() - started;
    if (indexed > 0 && elapsed > 0) {
      const fitting = Math.round((indexed * BUDGET_MS) / elapsed);
      // At most doubling: one fast chunk of small rows says little about the next rows' size.
      this.backgroundChunk = Math.max(MIN_BACKGROUND_CHUNK, Math.min(this.chunk, indexed * 2, fitting));
    }
    return indexed;
  }

  /** Indexes everything waiting. */
  indexAll(): void {
    while (this.indexSome() === this.chunk);
  }

  /**
   * Indexes waiting deliveries soon, in the background. Called after each stored batch (a burst
   * coalesces). Indexing holds SQLite's write lock, which the listener's commits need (tokenising
   * ~50 µs a row), so it waits for the listener to be quiet and then runs one small chunk per turn of the event loop; a
   * listener that never goes quiet still gets one chunk every MAX_DEFER_MS, so the backlog moves.
   * A search indexes whatever is still waiting first, so it always sees every stored delivery.
   */
  scheduleIndexing(delayMs = this.delayMs): void {
    this.lastStoredAt = performance.now();
    this.arm(delayMs);
  }

  private arm(delayMs: number): void {
    if (this.stopped || this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.backgroundTurn();
    }, delayMs);
    this.timer.unref?.();
  }

  private backgroundTurn(): void {
    const now = performance.now();
    const busyFor = QUIET_MS - (now - this.lastStoredAt);
    if (busyFor > 0) {
      this.deferredSince ??= now;
      if (now - this.deferredSince < MAX_DEFER_MS) {
        this.arm(busyFor);
        return;
      }
    }
    this.deferredSince = null;
    try {
      const limit = this.backgroundChunk;
      if (this.indexTimed(limit) === limit) this.arm(GAP_MS);
    } catch (error) {
      this.onError(error);
    }
  }

  /** Stops background indexing (what is still waiting is indexed at the next start or search). */
  stop(): void {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The newest `limit` deliveries whose headers or body contain the search's terms. */
  search(text: string, limit: number): SearchHits {
    const query = ftsMatchQuery(text);
    if (query === null) return { ids: [], more: false, indexing: 0 };
    if (this.indexSome(SEARCH_INDEXES_UP_TO) === SEARCH_INDEXES_UP_TO) this.arm(0);
    const rows = this.match.all(query, limit + 1) as { id: number }[];
    const more = rows.length > limit;
    return { ids: (more ? rows.slice(0, limit) : rows).map((r) => Number(r.id)), more, indexing: this.pending() };
  }
}
