import type { StatementSync } from 'node:sqlite';
import type { Database } from './database';
import { withTransaction } from '../platform/sqlite-transaction';
import { TRUNCATION_CODES } from './delivery-row';
import type { ForwardResult } from '../../../shared/contract/live';
import type { WebhookDelivery } from '../../../shared/service';
import { summarizeForwards, type IncomingDelivery } from './received-delivery';

/*
 * Imports (migration 015): the `imports` table, and the rows of received_deliveries that carry
 * an `import_id` with their forward_results (what the sender's handlers answered). DeliveryStore
 * writes only rows the listener received (import_id NULL) and their results; this module writes
 * only imported ones, each import in ONE transaction on the main thread, so a
 * file is imported whole or not at all and the listener's thread is never involved.
 */

/** A request of an imported file, judged as the listener judges (no answer policy: it was never answered here). */
export type ImportedDelivery = Omit<IncomingDelivery, 'answerFor'> & {
  readonly answeredStatus: number | null;
  /** The file left the body out (a redacted export): an empty body that is no copy of another. */
  readonly bodyWithheld?: boolean;
  /** What the sender's handlers answered (the file's forwards), stored as this delivery's forward results. */
  readonly forwards: readonly ForwardResult[];
};

/** The record of one import, as Live names its rows. */
export interface ImportRecord {
  readonly fileName: string;
  readonly kind: 'har' | 'bundle';
  readonly importedAt: string;
  readonly note: string | null;
  /** The Replay throwaway key holding a bundle's signingKey (null: a HAR, or a bundle without one). */
  readonly signingKeyId: string | null;
}

/** A service history row a bundle carried, with the import it came from (never a row of this folder's history copy). */
export type ImportedHistoryRow = WebhookDelivery & ImportMark;

/** Which import a stored delivery came from (Live's and Sequences' `imported`). */
export interface ImportMark {
  readonly importId: number;
  readonly fileName: string;
}

export interface ImportResult {
  readonly importId: number;
  readonly ids: readonly number[];
  /** How many of the file's service history rows were stored (a bundle's; none for a HAR). */
  readonly historyRows: number;
}

export class ImportStore {
  private readonly insertImport: StatementSync;
  private readonly insertRow: StatementSync;
  private readonly byEvent: StatementSync;
  private readonly byHash: StatementSync;
  private readonly laterOfOrder: StatementSync;
  private readonly insertForward: StatementSync;
  private readonly insertHistory: StatementSync;
  private historyByEvent: StatementSync | undefined;
  private countImported: StatementSync | undefined;

  constructor(private readonly db: Database) {
    this.insertImport = db.prepare('INSERT INTO imports (file_name, kind, imported_at, note, count, signing_key_id) VALUES (?, ?, ?, ?, ?, ?)');
    this.insertRow = db.prepare(`INSERT INTO received_deliveries (received_at, received_at_ms, method, path,
      headers_json, body, body_size, body_sha256, truncated, event_id, event_created, event_created_ms,
      event_type, level, order_type, order_id, order_reference, signature_outcome, signature_key_id,
      signature_diagnosis, verified, duplicate_of, out_of_order, answered_status, attempt, body_kind, import_id,
      handler_targets, handler_failed, handler_first_status, handler_first_error)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    // Duplicates, attempts and order are judged among the rows of the same import, by the
    // listener's rules (DeliveryStore.insertOne): what the sender saw, never mixed with what
    // this listener received or with another file.
    this.byEvent = db.prepare(
      'SELECT id, duplicate_of, attempt FROM received_deliveries WHERE event_id = ? AND verified IS ? AND import_id = ? ORDER BY id DESC LIMIT 1',
    );
    this.byHash = db.prepare(
      'SELECT id, duplicate_of, attempt FROM received_deliveries WHERE body_sha256 = ? AND event_id IS NULL AND verified IS ? AND import_id = ? ORDER BY id DESC LIMIT 1',
    );
    this.laterOfOrder = db.prepare(`SELECT id FROM received_deliveries WHERE order_id = ? AND event_created_ms > ?
      AND (event_id IS NULL OR event_id <> ?) AND verified IS ? AND import_id = ? LIMIT 1`);
    this.insertForward = db.prepare(`INSERT INTO forward_results (delivery_id, target, status, headers_json, body, latency_ms, error, created_at, trace_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.insertHistory = db.prepare(`INSERT INTO imported_history (import_id, id, event_id, event_type, event_created, url, payload,
      response_status_code, delivered, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  }

  /** Stores one file's requests, in the file's order, and a bundle's history rows, in one transaction. */
  importAll(record: ImportRecord, items: readonly ImportedDelivery[], history: readonly WebhookDelivery[] = []): ImportResult {
    return withTransaction(this.db, () => {
      const importId = Number(this.insertImport.run(record.fileName, record.kind, record.importedAt, record.note, items.length, record.signingKeyId).lastInsertRowid);
      const ids = items.map((item) => this.insertOne(importId, item));
      for (const h of history) {
        this.insertHistory.run(importId, h.id, h.eventId, h.eventType, h.eventCreated, h.url, h.payload, h.responseStatusCode, h.delivered ? 1 : 0, h.created);
      }
      return { importId, ids, historyRows: history.length };
    });
  }

  /** The imported service history rows of one event (every import's), oldest first, each with its file. */
  historyOf(eventId: number, limit: number): ImportedHistoryRow[] {
    this.historyByEvent ??= this.db.prepare(`SELECT h.*, i.file_name FROM imported_history h JOIN imports i ON i.id = h.import_id
      WHERE h.event_id = ? ORDER BY h.created, h.import_id, h.id LIMIT ?`);
    const rows = this.historyByEvent.all(eventId, limit) as Array<{
      import_id: number; id: number; event_id: number; event_type: string; event_created: string; url: string;
      payload: string; response_status_code: number; delivered: number; created: string; file_name: string;
    }>;
    return rows.map((r) => ({
      id: Number(r.id),
      eventId: Number(r.event_id),
      eventType: r.event_type,
      eventCreated: r.event_created,
      url: r.url,
      payload: r.payload,
      responseStatusCode: Number(r.response_status_code),
      delivered: r.delivered === 1,
      created: r.created,
      importId: Number(r.import_id),
      fileName: r.file_name,
    }));
  }

  /** The Replay key an imported delivery's bundle was signed with (null: received, a HAR, or no key). */
  signingKeyOf(deliveryId: number): string | null {
    const row = this.db
      .prepare('SELECT i.signing_key_id AS id FROM received_deliveries d JOIN imports i ON i.id = d.import_id WHERE d.id = ?')
      .get(deliveryId) as { id: string | null } | undefined;
    return row?.id ?? null;
  }

  /** The import each of `ids` came from; ids received by the listener (or gone) are left out. */
  marksOf(ids: readonly number[]): Map<number, ImportMark> {
    const marks = new Map<number, ImportMark>();
    // In chunks: SQLite limits the number of bound parameters.
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const rows = this.db
        .prepare(`SELECT d.id, i.id AS import_id, i.file_name FROM received_deliveries d JOIN imports i ON i.id = d.import_id
          WHERE d.id IN (${chunk.map(() => '?').join(',')})`)
        .all(...chunk) as Array<{ id: number; import_id: number; file_name: string }>;
      for (const r of rows) marks.set(Number(r.id), { importId: Number(r.import_id), fileName: r.file_name });
    }
    return marks;
  }

  /** How many imported requests are stored (the listener's own count, DeliveryStore.totals, leaves them out). */
  importedCount(): number {
    this.countImported ??= this.db.prepare('SELECT count(*) AS n FROM received_deliveries WHERE import_id IS NOT NULL');
    return Number((this.countImported.get() as { n: number }).n);
  }

  /** Every import, newest first, with how many of its requests are still stored. */
  list(): Array<{ importId: number; fileName: string; kind: string; importedAt: string; note: string | null; count: number }> {
    const rows = this.db
      .prepare(`SELECT i.id, i.file_name, i.kind, i.imported_at, i.note,
          (SELECT count(*) FROM received_deliveries d WHERE d.import_id = i.id) AS n
        FROM imports i ORDER BY i.id DESC`)
      .all() as Array<{ id: number; file_name: string; kind: string; imported_at: string; note: string | null; n: number }>;
    return rows.map((r) => ({ importId: Number(r.id), fileName: r.file_name, kind: r.kind, importedAt: r.imported_at, note: r.note, count: Number(r.n) }));
  }

  private insertOne(importId: number, d: ImportedDelivery): number {
    const { event, fields, verdict } = d;
    const verified = d.keyed ? (verdict.outcome === 'valid' ? 1 : 0) : null;
    const prior = (
      event.eventId !== null ? this.byEvent.get(event.eventId, verified, importId) : d.bodyWithheld ? undefined : this.byHash.get(d.bodySha256, verified, importId)
    ) as
      | { id: number; duplicate_of: number | null; attempt: number }
      | undefined;
    const outOfOrder =
      fields.orderId !== null && event.eventCreatedMs !== null
        ? this.laterOfOrder.get(fields.orderId, event.eventCreatedMs, event.eventId ?? -1, verified, importId) !== undefined
        : false;
    // The table's handler column, as the listener's group commit sets it (summarizeForwards).
    const handler = summarizeForwards(d.forwards);
    const createdAt = new Date(d.receivedAtMs).toISOString();
    const result = this.insertRow.run(
      createdAt,
      d.receivedAtMs,
      d.method,
      d.path,
      JSON.stringify(d.headers),
      d.body,
      d.bodySize,
      d.bodySha256,
      d.truncation ? TRUNCATION_CODES[d.truncation] : 0,
      event.eventId,
      event.eventCreated,
      event.eventCreatedMs,
      fields.eventType,
      fields.level,
      fields.orderType,
      fields.orderId,
      fields.orderReference,
      verdict.outcome,
      verdict.keyId,
      verdict.diagnosis ? JSON.stringify(verdict.diagnosis) : null,
      verified,
      prior ? (prior.duplicate_of ?? prior.id) : null,
      outOfOrder ? 1 : 0,
      d.answeredStatus,
      prior ? prior.attempt + 1 : 1,
      d.bodyKind,
      importId,
      handler.targets,
      handler.failed,
      handler.firstStatus,
      handler.firstError,
    );
    const id = Number(result.lastInsertRowid);
    for (const r of d.forwards) this.insertForward.run(id, r.target, r.status, JSON.stringify(r.headers), r.body, r.latencyMs, r.error, createdAt, r.traceId);
    return id;
  }
}
