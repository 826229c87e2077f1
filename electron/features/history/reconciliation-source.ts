import { createHash } from 'node:crypto';
import type { Database } from '../../services/data/database';
import type { HistoryRef, LeftOutRef, ReceivedRef } from './reconciliation';

/**
 * Reads both sides of a reconciliation with plain SQL: the environment's history copy and the
 * listener's received deliveries (with whether any forward to the local handler failed).
 * `sinceMs` limits both sides to recent traffic. `otherEnvironmentKeyIds` are the webhook keys
 * of other environments: a delivery one of them verified was sent by another store, so it is
 * left out (deliveries verified by no key, or by a key of no known environment, stay in), and
 * returned apart as `leftOut` so reconciliation can say so instead of calling them lost.
 */
export function loadReconciliationInput(
  db: Database,
  environmentId: string,
  sinceMs: number | null,
  otherEnvironmentKeyIds: readonly string[] = [],
): { history: HistoryRef[]; received: ReceivedRef[]; leftOut: LeftOutRef[]; payloadHashes: (ids: number[]) => Map<number, string> } {
  const since = sinceMs ?? 0;
  const sinceIso = new Date(since).toISOString();
  const historyRows = db
    .prepare(
      `SELECT id, event_id, delivered, response_status_code, created FROM history_deliveries
       WHERE environment_id = ? AND created >= ? ORDER BY id`,
    )
    .all(environmentId, sinceIso) as { id: number; event_id: number; delivered: number; response_status_code: number; created: string }[];
  const history: HistoryRef[] = historyRows.map((r) => ({
    id: r.id,
    eventId: r.event_id,
    delivered: r.delivered === 1,
    status: r.response_status_code,
    created: r.created,
  }));
  const receivedRows = db
    .prepare(
      `SELECT d.id, d.event_id, d.received_at, d.body_sha256, d.verified, f.failed FROM received_deliveries d
       LEFT JOIN (SELECT delivery_id, MAX(error IS NOT NULL OR status IS NULL OR status < 200 OR status > 299) AS failed
                  FROM forward_results GROUP BY delivery_id) f ON f.delivery_id = d.id
       WHERE d.received_at_ms >= ?
         AND (d.signature_key_id IS NULL OR d.signature_key_id NOT IN (SELECT value FROM json_each(?)))
       ORDER BY d.id`,
    )
    .all(since, JSON.stringify(otherEnvironmentKeyIds)) as { id: number; event_id: number | null; received_at: string; body_sha256: string; verified: number | null; failed: number | null }[];
  const received: ReceivedRef[] = receivedRows.map((r) => ({
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
         WHERE received_at_ms >= ? AND signature_key_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
      )
      .all(since, JSON.stringify(otherEnvironmentKeyIds)) as { id: number; event_id: number | null; signature_key_id: string }[]
  ).map((r) => ({ id: r.id, eventId: r.event_id, keyId: r.signature_key_id }));
  const payloadOf = db.prepare('SELECT payload FROM history_deliveries WHERE environment_id = ? AND id = ?');
  const payloadHashes = (ids: number[]) => {
    const out = new Map<number, string>();
    for (const id of ids) {
      const row = payloadOf.get(environmentId, id) as { payload: string } | undefined;
      if (row) out.set(id, createHash('sha256').update(row.payload, 'utf8').digest('hex'));
    }
    return out;
  };
  return { history, received, leftOut, payloadHashes };
}
