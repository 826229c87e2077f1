import type { StatementSync } from 'node:sqlite';
import type { Database } from './database';

/*
 * The deliveries as the Sequences index reads them, a page at a time: the received ones and the
 * history copy's (received_deliveries is written by delivery-store.ts, history_deliveries by
 * history-store.ts; this module only reads).
 */

/** A received delivery as the sequences index reads it (an array, in SEQUENCE_COLUMNS order). */
export type SequenceRow = [id: number, receivedAtMs: number, eventId: number | null, eventCreated: string | null, eventCreatedMs: number | null, body: Uint8Array, sha256: string, verified: number | null];
const SEQUENCE_COLUMNS = 'id, received_at_ms, event_id, event_created, event_created_ms, body, body_sha256, verified';

function arrays(statement: StatementSync): StatementSync {
  statement.setReturnArrays(true);
  return statement;
}

/** The received deliveries as the Sequences index reads them. */
export class SequenceReads {
  private sequenceAfter: StatementSync | undefined;
  private sequenceByIds: StatementSync | undefined;

  constructor(private readonly db: Database) {}

  /**
   * Deliveries after `afterId` that no key of another environment verified, as arrays in
   * SEQUENCE_COLUMNS order (a third cheaper than objects over 100,000 rows), a page at a time.
   */
  sequenceRowsAfter(afterId: number, otherEnvironmentKeyIds: readonly string[], limit: number): SequenceRow[] {
    this.sequenceAfter ??= arrays(
      this.db.prepare(`SELECT ${SEQUENCE_COLUMNS} FROM received_deliveries
        WHERE id > ? AND (signature_key_id IS NULL OR signature_key_id NOT IN (SELECT value FROM json_each(?)))
        ORDER BY id LIMIT ?`),
    );
    return this.sequenceAfter.all(afterId, JSON.stringify(otherEnvironmentKeyIds), limit) as unknown as SequenceRow[];
  }

  /** The named deliveries, as sequenceRowsAfter gives them. */
  sequenceRowsByIds(ids: readonly number[]): SequenceRow[] {
    this.sequenceByIds ??= arrays(
      this.db.prepare(`SELECT ${SEQUENCE_COLUMNS} FROM received_deliveries WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`),
    );
    return this.sequenceByIds.all(JSON.stringify(ids)) as unknown as SequenceRow[];
  }

  /** The highest id ever stored and still present (0 when none): lower than a reader's cursor means a clear. */
  maxId(): number {
    const row = this.db.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM received_deliveries').get() as { id: number };
    return Number(row.id);
  }
}

/** A delivery of the history copy as the sequences index reads it (an array, in HISTORY_SEQUENCE_COLUMNS order). */
export type HistorySequenceRow = [id: number, eventId: number, eventCreated: string, created: string, payload: string];
const HISTORY_SEQUENCE_COLUMNS = 'id, event_id, event_created, created, payload';

/** The history copy's deliveries as the Sequences index reads them, per environment. */
export class HistorySequenceReads {
  private sequenceAfter: StatementSync | undefined;
  private sequenceByIds: StatementSync | undefined;

  constructor(private readonly db: Database) {}

  /** Deliveries of the copy after `afterId`, as arrays in HISTORY_SEQUENCE_COLUMNS order, a page at a time. */
  sequenceRowsAfter(environmentId: string, afterId: number, limit: number): HistorySequenceRow[] {
    this.sequenceAfter ??= arrays(
      this.db.prepare(`SELECT ${HISTORY_SEQUENCE_COLUMNS} FROM history_deliveries WHERE environment_id = ? AND id > ? ORDER BY id LIMIT ?`),
    );
    return this.sequenceAfter.all(environmentId, afterId, limit) as unknown as HistorySequenceRow[];
  }

  /** The named deliveries of the copy, as sequenceRowsAfter gives them. */
  sequenceRowsByIds(environmentId: string, ids: readonly number[]): HistorySequenceRow[] {
    this.sequenceByIds ??= arrays(
      this.db.prepare(`SELECT ${HISTORY_SEQUENCE_COLUMNS} FROM history_deliveries
        WHERE environment_id = ? AND id IN (SELECT value FROM json_each(?)) ORDER BY id`),
    );
    return this.sequenceByIds.all(environmentId, JSON.stringify(ids)) as unknown as HistorySequenceRow[];
  }
}
