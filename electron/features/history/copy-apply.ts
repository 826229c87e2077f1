/** SQL of the history copy's writes. */
export const COPY_SQL = {
  insert: `INSERT INTO history_deliveries
    (environment_id, id, event_id, event_type, event_created, url, payload, response_status_code, delivered, created, fetched_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(environment_id, id) DO NOTHING`,
  update: `UPDATE history_deliveries SET response_status_code = ?, delivered = ?, url = ?, payload = ?, fetched_at = ?
    WHERE environment_id = ? AND id = ?`,
  cursor: `INSERT INTO poll_cursors (environment_id, cursor, updated_at) VALUES (?, ?, ?)
    ON CONFLICT(environment_id) DO UPDATE SET cursor = excluded.cursor, updated_at = excluded.updated_at`,
} as const;

type SqlValue = string | number | null;
interface RunResult {
  changes: number | bigint;
}
/** The statements `applyCopyPage` needs, prepared from COPY_SQL. */
export interface CopyStatements {
  readonly insert: { run(...values: SqlValue[]): RunResult };
  readonly update: { run(...values: SqlValue[]): RunResult };
  readonly cursor: { run(...values: SqlValue[]): RunResult };
}

/** A delivery as written (the fields of docs/service.md#webhook-delivery). */
export interface CopyRow {
  readonly id: number;
  readonly eventId: number;
  readonly eventType: string;
  readonly eventCreated: string;
  readonly url: string;
  readonly payload: string;
  readonly responseStatusCode: number;
  readonly delivered: boolean;
  readonly created: string;
}

/**
 * Upserts deliveries and, when given, moves the cursor, in ONE transaction, so a page and the
 * cursor after it are stored together or not at all; the upsert keyed on (environment, id)
 * makes a replayed page update rows instead of counting them twice.
 */
export function applyCopyPage(
  db: { exec(sql: string): void },
  st: CopyStatements,
  environmentId: string,
  deliveries: readonly CopyRow[],
  cursor: number | null,
  at: string,
): { inserted: number; updated: number } {
  let inserted = 0;
  let updated = 0;
  db.exec('BEGIN IMMEDIATE');
  try {
    for (const d of deliveries) {
      const delivered = d.delivered ? 1 : 0;
      const r = st.insert.run(
        environmentId, d.id, d.eventId, d.eventType, d.eventCreated, d.url, d.payload,
        d.responseStatusCode, delivered, d.created, at,
      );
      if (Number(r.changes) === 1) inserted++;
      else {
        st.update.run(d.responseStatusCode, delivered, d.url, d.payload, at, environmentId, d.id);
        updated++;
      }
    }
    if (cursor !== null) st.cursor.run(environmentId, cursor, at);
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  return { inserted, updated };
}
