import type { StatementSync } from 'node:sqlite';
import type { Database } from '../store/database';
import { SEARCH_INDEXED_BODY_BYTES } from '../store/migrations/006-delivery-search';
import { ftsMatchQuery } from '../../shared/search/search-terms';

/** Ids of the deliveries whose headers or body match, newest first. */
export interface SearchHits {
  readonly ids: number[];
  /** More deliveries match than `limit`: the list holds the newest ones. */
  readonly more: boolean;
}

export interface DeliverySearchOptions {
  /** Rows indexed per transaction (one FTS5 segment each: larger is cheaper per row). */
  readonly chunk?: number;
  /** How long after new deliveries the background indexing starts (coalesces a burst). */
  readonly delayMs?: number;
  /** Background indexing failed (it is tried again with the next stored batch or search). */
  readonly onError?: (error: unknown) => void;
}

/**
 * Full-text search over received deliveries' headers and bodies (migration 006). New rows wait
 * in received_search_pending and are indexed here in large transactions, off the listener's
 * insert; a search first indexes whatever is still waiting, so it always sees every stored
 * delivery. The index is contentless: a search answers ids, and the UI, which holds every
 * summary, shows the matching rows.
 */
export class DeliverySearch {
  private readonly match: StatementSync;
  private readonly indexChunk: StatementSync;
  private readonly dequeue: StatementSync;
  private readonly chunk: number;
  private readonly delayMs: number;
  private readonly onError: (error: unknown) => void;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

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
  }

  /** Indexes up to `chunk` waiting deliveries in one transaction; returns how many were waiting. */
  indexSome(): number {
    const ids = this.db.prepare('SELECT id FROM received_search_pending ORDER BY id LIMIT ?').all(this.chunk) as { id: number }[];
    const last = ids.at(-1);
    if (!last) return 0;
    this.db.exec('BEGIN IMMEDIATE');
    try {
      this.indexChunk.run(last.id);
      this.dequeue.run(last.id);
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
    return ids.length;
  }

  /** Indexes everything waiting. */
  indexAll(): void {
    while (this.indexSome() === this.chunk);
  }

  /**
   * Indexes waiting deliveries soon, a chunk per turn of the event loop so the listener keeps
   * answering during a large backfill. Called after each stored batch; a burst coalesces.
   */
  scheduleIndexing(delayMs = this.delayMs): void {
    if (this.stopped || this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      try {
        if (this.indexSome() === this.chunk) this.scheduleIndexing(0);
      } catch (error) {
        this.onError(error);
      }
    }, delayMs);
    this.timer.unref?.();
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
    if (query === null) return { ids: [], more: false };
    this.indexAll();
    const rows = this.match.all(query, limit + 1) as { id: number }[];
    const more = rows.length > limit;
    return { ids: (more ? rows.slice(0, limit) : rows).map((r) => Number(r.id)), more };
  }
}
