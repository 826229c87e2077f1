import type { Database } from './database';

/*
 * The received deliveries as History's reconciliation reads them (received_deliveries is
 * written by delivery-store.ts; this module only reads). Imported rows (import_id, migration
 * 015) were never received by the listener: no read here counts them.
 */

/** A received delivery as reconciliation reads it. */
export interface ReceivedRow {
  readonly id: number;
  readonly eventId: number | null;
  readonly receivedAt: string;
  readonly bodySha256: string;
  /** Whether a forward to the local handler failed (null: not forwarded). */
  readonly handlerFailed: boolean | null;
  /** A key was configured and it did not verify: it never stands for a history delivery. */
  readonly unverified: boolean;
}

/** A received delivery a key of another environment verified. */
export interface LeftOutRow {
  readonly id: number;
  readonly eventId: number | null;
  readonly keyId: string;
}

/**
 * What reconciliation compares, received at or after `sinceMs`: the deliveries no key of
 * another environment verified (with whether a forward to the handler failed), and apart
 * those one did (`leftOut`: another store's traffic, not lost deliveries).
 */
export function receivedReconciliationRefs(db: Database, sinceMs: number, otherEnvironmentKeyIds: readonly string[]): { received: ReceivedRow[]; leftOut: LeftOutRow[] } {
  const keys = JSON.stringify(otherEnvironmentKeyIds);
  const received = (
    db
      .prepare(
        // Whether a handler failed was decided once, when its results were stored
        // (summarizeForwards, received-delivery.ts): handler_failed counts them.
        `SELECT d.id, d.event_id, d.received_at, d.body_sha256, d.verified,
           CASE WHEN d.handler_targets = 0 THEN NULL ELSE d.handler_failed > 0 END AS failed
         FROM received_deliveries d
         WHERE d.received_at_ms >= ? AND d.import_id IS NULL
           AND (d.signature_key_id IS NULL OR d.signature_key_id NOT IN (SELECT value FROM json_each(?)))
         ORDER BY d.id`,
      )
      .all(sinceMs, keys) as { id: number; event_id: number | null; received_at: string; body_sha256: string; verified: number | null; failed: number | null }[]
  ).map((r) => ({
    id: r.id,
    eventId: r.event_id,
    receivedAt: r.received_at,
    bodySha256: r.body_sha256,
    handlerFailed: r.failed === null ? null : r.failed === 1,
    unverified: r.verified === 0,
  }));
  const leftOut = (
    db
      .prepare(
        `SELECT id, event_id, signature_key_id FROM received_deliveries
         WHERE received_at_ms >= ? AND import_id IS NULL AND signature_key_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
      )
      .all(sinceMs, keys) as { id: number; event_id: number | null; signature_key_id: string }[]
  ).map((r) => ({ id: r.id, eventId: r.event_id, keyId: r.signature_key_id }));
  return { received, leftOut };
}

/** Which of `eventIds` arrived here in a verified (or unverifiable) delivery (received at or after `sinceMs`, when given). */
export function receivedEventIds(db: Database, eventIds: readonly number[], sinceMs = 0): Set<number> {
  const rows = db
    .prepare(
      `SELECT DISTINCT event_id FROM received_deliveries
       WHERE event_id IN (SELECT value FROM json_each(?)) AND (verified IS NULL OR verified = 1) AND received_at_ms >= ? AND import_id IS NULL`,
    )
    .all(JSON.stringify(eventIds), sinceMs) as { event_id: number }[];
  return new Set(rows.map((r) => Number(r.event_id)));
}

/**
 * Which of `eventIds` the listener stored any delivery of, verified or not: an event of which
 * nothing at all arrived is one something else answered, when the service says it got a 2xx.
 */
export function storedEventIds(db: Database, eventIds: readonly number[]): Set<number> {
  const rows = db
    .prepare('SELECT DISTINCT event_id FROM received_deliveries WHERE event_id IN (SELECT value FROM json_each(?)) AND import_id IS NULL')
    .all(JSON.stringify(eventIds)) as { event_id: number }[];
  return new Set(rows.map((r) => Number(r.event_id)));
}

/**
 * From when the listener's table holds every delivery it stored: 0 when no row was ever deleted
 * (ids are never reused, migration 009, so the highest id given equals the rows kept), else the
 * oldest row kept, or now when Clear emptied it.
 */
export function receivedCompleteSinceMs(db: Database, nowMs: number): number {
  const given = db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'received_deliveries'").get() as { seq: number } | undefined;
  // Imported rows take ids from the same sequence (counted in n), but their times are the sender's.
  const kept = db.prepare('SELECT count(*) AS n, min(CASE WHEN import_id IS NULL THEN received_at_ms END) AS oldest FROM received_deliveries').get() as { n: number; oldest: number | null };
  if (Number(given?.seq ?? 0) <= Number(kept.n)) return 0;
  return kept.oldest === null ? nowMs : Number(kept.oldest);
}

/** Every status the listener answered since `sinceMs`: a history status outside it was not the listener's. */
export function answeredStatuses(db: Database, sinceMs: number): Set<number> {
  const rows = db
    .prepare('SELECT DISTINCT answered_status FROM received_deliveries WHERE received_at_ms >= ? AND answered_status IS NOT NULL AND import_id IS NULL')
    .all(sinceMs) as { answered_status: number }[];
  return new Set(rows.map((r) => Number(r.answered_status)));
}
