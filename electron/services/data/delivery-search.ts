import type { StatementSync } from 'node:sqlite';
import type { Database } from './database';
import { SEARCH_INDEXED_BODY_BYTES } from './migrations/006-delivery-search';
import { ftsMatchQuery } from '../../../shared/search/search-terms';
import { withTransaction } from '../platform/sqlite-transaction';
import { attachSearchIndex, SEARCH_SCHEMA as S } from './search-index-file';

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
 * so a search right after a delivery sees it. A larger backlog is left to the background: the
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
 * Time one background chunk may hold this thread (the app's main thread: the UI's calls wait
 * behind it). It holds no lock the listener needs: the index is a file of its own.
 */
const BUDGET_MS = 8;
/** One row can be a 256 KiB body (several ms of tokenising): chunks start at one row and grow. */
const MIN_BACKGROUND_CHUNK = 1;
/** Pause between background chunks, so the main thread's other work runs between them. */
const GAP_MS = 2;

/**
 * Full-text search over received deliveries' headers and bodies, in a file of its own
 * (search-index-file.ts, migration 015) that only this class writes, on the app's main thread.
 * The listener's thread never waits for it: a write to the attached file takes that file's lock,
 * never hooklab.db's. New rows are the ones stored after "indexed through" (ids only grow); they
 * are indexed in the background shortly after each stored batch, and a search first indexes a
 * few waiting ones (SEARCH_INDEXES_UP_TO). During a burst it answers from what is indexed and
 * says how many are still waiting (`indexing`). Deleted deliveries (Clear, retention) are
 * skipped by every search at once and leave the index in the background. The index is
 * contentless: a search answers ids, and the UI, which holds every summary, shows the rows.
 *
 * Its transactions are DEFERRED: IMMEDIATE would take the write lock of every attached file,
 * hooklab.db's too.
 */
export class DeliverySearch {
  private readonly match: StatementSync;
  private readonly nextIds: StatementSync;
  private readonly indexChunk: StatementSync;
  private readonly markIndexed: StatementSync;
  private readonly state: StatementSync;
  private readonly waiting: StatementSync;
  private readonly oldest: StatementSync;
  private readonly forget: StatementSync;
  private readonly markForgotten: StatementSync;
  private readonly chunk: number;
  private readonly delayMs: number;
  private readonly onError: (error: unknown) => void;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  /** Rows of the next background chunk, sized so that one chunk holds the event loop ~BUDGET_MS. */
  private backgroundChunk = MIN_BACKGROUND_CHUNK;

  constructor(
    private readonly db: Database,
    options: DeliverySearchOptions = {},
  ) {
    this.chunk = options.chunk ?? 2000;
    this.delayMs = options.delayMs ?? 250;
    this.onError = options.onError ?? (() => {});
    attachSearchIndex(db, db.location());
    // Only ids still stored: a delivery deleted since it was indexed is skipped at once.
    this.match = db.prepare(`SELECT s.rowid AS id FROM ${S}.received_search s WHERE received_search MATCH ?
      AND EXISTS (SELECT 1 FROM main.received_deliveries d WHERE d.id = s.rowid) ORDER BY s.rowid DESC LIMIT ?`);
    this.nextIds = db.prepare('SELECT id FROM main.received_deliveries WHERE id > ? ORDER BY id LIMIT ?');
    // Headers as stored (a JSON array of [name, value]: the tokenizer skips the punctuation).
    this.indexChunk = db.prepare(`INSERT INTO ${S}.received_search (rowid, headers, body)
      SELECT id, headers_json, CAST(substr(body, 1, ${SEARCH_INDEXED_BODY_BYTES}) AS TEXT)
      FROM main.received_deliveries WHERE id > ? AND id <= ? ORDER BY id`);
    this.markIndexed = db.prepare(`UPDATE ${S}.search_state SET indexed_through = ?`);
    this.state = db.prepare(`SELECT indexed_through AS indexed, forgotten_below AS forgotten FROM ${S}.search_state`);
    this.waiting = db.prepare('SELECT count(*) AS n FROM main.received_deliveries WHERE id > ?');
    this.oldest = db.prepare('SELECT min(id) AS id FROM main.received_deliveries');
    this.forget = db.prepare(`DELETE FROM ${S}.received_search WHERE rowid < ?`);
    this.markForgotten = db.prepare(`UPDATE ${S}.search_state SET forgotten_below = ?`);
  }

  private indexedThrough(): { indexed: number; forgotten: number } {
    const row = this.state.get() as { indexed: number; forgotten: number };
    return { indexed: Number(row.indexed), forgotten: Number(row.forgotten) };
  }

  /** Stored deliveries not yet searchable. */
  pending(): number {
    return Number((this.waiting.get(this.indexedThrough().indexed) as { n: number }).n);
  }

  /** Indexes up to `limit` waiting deliveries in one transaction; returns how many were waiting. */
  indexSome(limit = this.chunk): number {
    return withTransaction(
      this.db,
      () => {
        const from = this.indexedThrough().indexed;
        const ids = this.nextIds.all(from, limit) as { id: number }[];
        const last = ids.at(-1);
        if (!last) return 0;
        this.indexChunk.run(from, last.id);
        this.markIndexed.run(last.id);
        return ids.length;
      },
      'DEFERRED',
    );
  }

  /**
   * Removes from the index the deliveries no longer stored (retention removes the oldest, Clear
   * all): every id below the oldest stored one, or through the last indexed when none is.
   * Searches skip them already; this keeps the file from growing.
   */
  forgetRemoved(): void {
    withTransaction(
      this.db,
      () => {
        const { indexed, forgotten } = this.indexedThrough();
        const oldest = (this.oldest.get() as { id: number | null }).id;
        const below = oldest === null ? indexed + 1 : Math.min(Number(oldest), indexed + 1);
        if (below <= forgotten) return;
        this.forget.run(below);
        this.markForgotten.run(below);
      },
      'DEFERRED',
    );
  }

  /** indexSome, and the next chunk sized from how long this one took. */
  private indexTimed(limit: number): number {
    const started = performance.now();
    const indexed = this.indexSome(limit);
    const elapsed = performance.now() - started;
    if (indexed > 0 && elapsed > 0) {
      const fitting = Math.round((indexed * BUDGET_MS) / elapsed);
      // At most doubling: one fast chunk of small rows says little about the next rows' size.
      // A chunk that emptied the backlog (fewer rows than it could take) keeps the size it had:
      // sized from those few rows, a steady stream's next turn would start again at a handful,
      // and an FTS5 transaction of 10 rows costs 2-3 times as much a row as one of 250
      // (test/bench/ingest-stages.ts).
      const grown = indexed === limit ? indexed * 2 : limit;
      this.backgroundChunk = Math.max(MIN_BACKGROUND_CHUNK, Math.min(this.chunk, grown, fitting));
    }
    return indexed;
  }

  /** Indexes everything waiting. */
  indexAll(): void {
    while (this.indexSome() === this.chunk);
  }

  /**
   * Indexes waiting deliveries soon, in the background. Called after each stored batch (a burst
   * coalesces into one turn per `delayMs`). Each turn indexes chunks of about BUDGET_MS of this
   * thread's time, GAP_MS apart, until nothing waits.
   */
  scheduleIndexing(delayMs = this.delayMs): void {
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
    try {
      const limit = this.backgroundChunk;
      if (this.indexTimed(limit) === limit) this.arm(GAP_MS);
      else this.forgetRemoved();
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
