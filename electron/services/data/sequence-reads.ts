import type { StatementSync } from 'node:sqlite';
import type { Database } from './database';

/** A received delivery as the sequences index reads it (an array, in SEQUENCE_COLUMNS order). */
export type SequenceRow = [id: number, receivedAtMs: number, eventId: number | null, eventCreated: string | null, eventCreatedMs: number | null, body: Uint8Array, sha256: string, verified: number | null];
const SEQUENCE_COLUMNS = 'id, received_at_ms, event_id, event_created, event_created_ms, body, body_sha256, verified';

function arrays(statement: StatementSync): StatementSync {
  statement.setReturnArrays(true);
  return statement;
}

/**
 * The received deliveries as the Sequences index reads them, a page at a time
 * (received_deliveries is written by delivery-store.ts; this module only reads).
 */
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
