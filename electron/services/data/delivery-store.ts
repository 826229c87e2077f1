import type { SQLInputValue, StatementSync } from 'node:sqlite';
import type { Database } from './database';
import type { DeliverySummary, ForwardResult, HandlerSummary } from '../../../shared/contract/live';
import type { SignatureVerdict } from '../../../shared/signing/diagnose';
import type { ListenerAnswer } from '../../../shared/settings';
import type { EventFields, EventHeaders } from '../../features/live/listener/inspect';
import type { Truncation } from '../../features/live/listener/read-body';
import { bodyKind } from '../../features/live/listener/body-kind';

/** A delivery as it arrived, with everything judged before it is stored. */
export interface IncomingDelivery {
  readonly receivedAtMs: number;
  readonly method: string;
  readonly path: string;
  /** Name/value pairs as received (original case, order and repeats). */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: Uint8Array;
  readonly bodySize: number;
  readonly bodySha256: string;
  readonly truncation: Truncation | null;
  readonly event: EventHeaders;
  readonly fields: EventFields;
  readonly verdict: SignatureVerdict;
  /** The answer for this attempt of its event (null: the handler's status, decided later). */
  readonly answerFor: (attempt: number) => ListenerAnswer | null;
}

/** The caps on stored received deliveries (settings.listener retainDeliveries / retainBytes). */
export interface RetentionLimits {
  readonly maxDeliveries: number;
  readonly maxBytes: number;
}

/** How much is stored, and how many rows retention has removed since the store was opened. */
export interface StoredTotals {
  readonly count: number;
  /** Bodies plus headers, the figure retention caps. */
  readonly bytes: number;
  readonly removed: number;
}

/** `truncated` column: 0 whole, 1 over the limit, 2 cut off mid-body. */
const TRUNCATION_CODES = { 'over-limit': 1, 'cut-off': 2 } as const;
const truncationOf = (code: number): DeliverySummary['truncation'] =>
  code === 1 ? 'over-limit' : code === 2 ? 'cut-off' : null;

/** What storing decided: the row id and the judgements that need earlier rows. */
export interface StoredDelivery {
  readonly summary: DeliverySummary;
  readonly attempt: number;
  readonly answer: ListenerAnswer | null;
}

interface Row {
  id: number;
  received_at: string;
  method: string;
  path: string;
  body_size: number;
  truncated: number;
  event_id: number | null;
  event_created: string | null;
  event_type: string | null;
  level: string | null;
  order_type: string | null;
  order_id: string | null;
  order_reference: string | null;
  signature_outcome: string;
  signature_key_id: string | null;
  signature_diagnosis: string | null;
  duplicate_of: number | null;
  out_of_order: number;
  answered_status: number | null;
  handler_targets: number;
  handler_failed: number;
  handler_first_status: number | null;
  handler_first_error: string | null;
}

const SUMMARY_COLUMNS = `id, received_at, method, path, body_size, truncated, event_id, event_created, event_type,
  level, order_type, order_id, order_reference, signature_outcome, signature_key_id, signature_diagnosis,
  duplicate_of, out_of_order, answered_status, handler_targets, handler_failed, handler_first_status,
  handler_first_error`;

/**
 * The received_deliveries table. Inserts happen in batches inside one transaction (group
 * commit); duplicate and order checks run inside that transaction, row by row, so deliveries
 * in the same batch see each other.
 */
export class DeliveryStore {
  private readonly insert: StatementSync;
  private readonly byEvent: StatementSync;
  private readonly byHash: StatementSync;
  private readonly laterOfOrder: StatementSync;
  private readonly summaryById: StatementSync;
  private readonly totalsRow: StatementSync;
  private readonly oldestFirst: StatementSync;
  private readonly removeThrough: StatementSync;
  private removed = 0;

  /**
   * `isRequestedResend` says whether an arrival of an event is a resend the user asked for: it
   * arrives late by design, so it is not out of order.
   */
  constructor(
    private readonly db: Database,
    private readonly isRequestedResend: (eventId: number) => boolean = () => false,
  ) {
    this.insert = db.prepare(`INSERT INTO received_deliveries (received_at, received_at_ms, method, path,
      headers_json, body, body_size, body_sha256, truncated, event_id, event_created, event_created_ms,
      event_type, level, order_type, order_id, order_reference, signature_outcome, signature_key_id,
      signature_diagnosis, duplicate_of, out_of_order, answered_status, attempt)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    // The latest earlier attempt carries the first id and the attempt count: O(log n) however
    // many times one event was retried.
    this.byEvent = db.prepare(
      'SELECT id, duplicate_of, attempt FROM received_deliveries WHERE event_id = ? ORDER BY id DESC LIMIT 1',
    );
    // Without an event id, a duplicate is the same payload among deliveries also without one
    // (retries of an unlogged delivery): a logged event's payload is not compared.
    this.byHash = db.prepare(
      'SELECT id, duplicate_of, attempt FROM received_deliveries WHERE body_sha256 = ? AND event_id IS NULL ORDER BY id DESC LIMIT 1',
    );
    this.laterOfOrder = db.prepare(`SELECT id FROM received_deliveries WHERE order_id = ? AND event_created_ms > ?
      AND (event_id IS NULL OR event_id <> ?) LIMIT 1`);
    this.summaryById = db.prepare(`SELECT ${SUMMARY_COLUMNS} FROM received_deliveries WHERE id = ?`);
    this.totalsRow = db.prepare('SELECT count, bytes FROM received_totals');
    // Walked from the oldest only as far as the caps require: cost follows what is removed.
    this.oldestFirst = db.prepare(
      'SELECT id, length(body) + length(headers_json) AS size FROM received_deliveries WHERE id < ? ORDER BY id',
    );
    this.removeThrough = db.prepare('DELETE FROM received_deliveries WHERE id <= ?');
  }

  /**
   * Stores a batch in one transaction; when this returns, every row is durable. With `limits`,
   * the oldest deliveries beyond them are removed in the same transaction (never one of this
   * batch: a delivery just answered 2xx stays stored).
   */
  insertBatch(items: readonly IncomingDelivery[], limits?: RetentionLimits): StoredDelivery[] {
    const stored: StoredDelivery[] = [];
    this.db.exec('BEGIN IMMEDIATE');
    try {
      for (const item of items) stored.push(this.insertOne(item));
      if (limits && stored.length > 0) this.enforce(limits, stored[0]!.summary.id);
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
    return stored;
  }

  /** Count and bytes stored (kept by triggers, migration 005), and rows removed by retention. */
  totals(): StoredTotals {
    const row = this.totalsRow.get() as { count: number; bytes: number };
    return { count: Number(row.count), bytes: Number(row.bytes), removed: this.removed };
  }

  /** The id of the oldest stored delivery, or null when none is. */
  oldestId(): number | null {
    const row = this.db.prepare('SELECT MIN(id) AS id FROM received_deliveries').get() as { id: number | null };
    return row.id === null ? null : Number(row.id);
  }

  /** Removes the oldest rows below `keepFromId` until both caps hold; returns how many. */
  enforce(limits: RetentionLimits, keepFromId = Number.MAX_SAFE_INTEGER): number {
    let { count, bytes } = this.totals();
    if (count <= limits.maxDeliveries && bytes <= limits.maxBytes) return 0;
    let through: number | null = null;
    let removed = 0;
    for (const row of this.oldestFirst.iterate(keepFromId) as Iterable<{ id: number; size: number }>) {
      if (count <= limits.maxDeliveries && bytes <= limits.maxBytes) break;
      through = row.id;
      count -= 1;
      bytes -= Number(row.size);
      removed += 1;
    }
    // Forward results go with their delivery (ON DELETE CASCADE).
    if (through !== null) this.removeThrough.run(through);
    this.removed += removed;
    return removed;
  }

  private insertOne(d: IncomingDelivery): StoredDelivery {
    const { event, fields, verdict } = d;
    const prior = (event.eventId !== null ? this.byEvent.get(event.eventId) : this.byHash.get(d.bodySha256)) as
      | { id: number; duplicate_of: number | null; attempt: number }
      | undefined;
    const attempt = prior ? prior.attempt + 1 : 1;
    const duplicateOf = prior ? (prior.duplicate_of ?? prior.id) : null;
    const outOfOrder =
      fields.orderId !== null && event.eventCreatedMs !== null && (event.eventId === null || !this.isRequestedResend(event.eventId))
        ? this.laterOfOrder.get(fields.orderId, event.eventCreatedMs, event.eventId ?? -1) !== undefined
        : false;
    const answer = d.answerFor(attempt);
    // A hanging answer is never sent: no status to record.
    const answered = answer && !answer.hang ? answer.status : null;
    const receivedAt = new Date(d.receivedAtMs).toISOString();
    const result = this.insert.run(
      receivedAt,
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
      duplicateOf,
      outOfOrder ? 1 : 0,
      answered,
      attempt,
    );
    const id = Number(result.lastInsertRowid);
    return {
      attempt,
      answer,
      summary: {
        id,
        receivedAt,
        method: d.method,
        path: d.path,
        bodySize: d.bodySize,
        truncated: d.truncation !== null,
        truncation: d.truncation,
        eventId: event.eventId,
        eventCreated: event.eventCreated,
        eventType: fields.eventType,
        // Said here, while the body is at hand, so the table never re-reads it.
        ...(fields.eventType === null ? { bodyKind: bodyKind(d.body) } : {}),
        level: fields.level,
        orderType: fields.orderType,
        orderId: fields.orderId,
        orderReference: fields.orderReference,
        signature: verdict.outcome,
        signatureKeyId: verdict.keyId,
        diagnosis: verdict.diagnosis,
        duplicateOf,
        outOfOrder,
        answeredStatus: answered,
        handler: null,
      },
    };
  }

  /** Newest first, below `beforeId` when given. */
  list(beforeId: number | undefined, limit: number): DeliverySummary[] {
    const rows = (
      beforeId === undefined
        ? this.db.prepare(`SELECT ${SUMMARY_COLUMNS} FROM received_deliveries ORDER BY id DESC LIMIT ?`).all(limit)
        : this.db
            .prepare(`SELECT ${SUMMARY_COLUMNS} FROM received_deliveries WHERE id < ? ORDER BY id DESC LIMIT ?`)
            .all(beforeId, limit)
    ) as unknown as Row[];
    return rows.map(toSummary);
  }

  count(): number {
    return this.totals().count;
  }

  summary(id: number): DeliverySummary | undefined {
    const row = this.summaryById.get(id) as unknown as Row | undefined;
    return row ? toSummary(row) : undefined;
  }

  /** Headers, raw body and hash of one delivery. */
  raw(id: number): { headers: Array<[string, string]>; body: Uint8Array; sha256: string } | undefined {
    const row = this.db
      .prepare('SELECT headers_json, body, body_sha256 FROM received_deliveries WHERE id = ?')
      .get(id) as { headers_json: string; body: Uint8Array; body_sha256: string } | undefined;
    if (!row) return undefined;
    return { headers: JSON.parse(row.headers_json) as Array<[string, string]>, body: row.body, sha256: row.body_sha256 };
  }

  /** Bytes [offset, offset + length) of a stored body and the body's stored length; undefined when no such delivery. */
  bodyRange(id: number, offset: number, length: number): { bytes: Uint8Array; storedBytes: number } | undefined {
    // substr on a BLOB counts bytes (1-based): only the range leaves SQLite.
    const row = this.db.prepare('SELECT substr(body, ?, ?) AS part, length(body) AS n FROM received_deliveries WHERE id = ?').get(offset + 1, length, id) as
      | { part: Uint8Array | null; n: number | null }
      | undefined;
    if (!row) return undefined;
    return { bytes: row.part ?? new Uint8Array(0), storedBytes: Number(row.n ?? 0) };
  }

  /** Rows for export, oldest first: all after `afterId`, or exactly `ids`. */
  exportRows(
    args: { ids?: readonly number[]; afterId: number; limit: number },
  ): Array<{ summary: DeliverySummary; headers: Array<[string, string]>; body: Uint8Array; sha256: string }> {
    const where: string[] = ['id > ?'];
    const params: SQLInputValue[] = [args.afterId];
    if (args.ids) {
      where.push(`id IN (${args.ids.map(() => '?').join(',') || 'NULL'})`);
      params.push(...args.ids);
    }
    params.push(args.limit);
    const rows = this.db
      .prepare(
        `SELECT ${SUMMARY_COLUMNS}, headers_json, body, body_sha256 FROM received_deliveries
         WHERE ${where.join(' AND ')} ORDER BY id ASC LIMIT ?`,
      )
      .all(...params) as unknown as Array<Row & { headers_json: string; body: Uint8Array; body_sha256: string }>;
    return rows.map((r) => ({
      summary: toSummary(r),
      headers: JSON.parse(r.headers_json) as Array<[string, string]>,
      body: r.body,
      sha256: r.body_sha256,
    }));
  }

  forwards(id: number): ForwardResult[] {
    const rows = this.db
      .prepare('SELECT target, status, headers_json, body, latency_ms, error FROM forward_results WHERE delivery_id = ? ORDER BY id')
      .all(id) as Array<{ target: string; status: number | null; headers_json: string | null; body: string | null; latency_ms: number | null; error: string | null }>;
    return rows.map((r) => ({
      target: r.target,
      status: r.status,
      headers: r.headers_json ? (JSON.parse(r.headers_json) as Array<[string, string]>) : [],
      body: r.body,
      latencyMs: r.latency_ms,
      error: r.error,
    }));
  }

  /** Records every target's result and the summary the table shows, in one transaction. */
  saveForwards(id: number, results: readonly ForwardResult[], answeredStatus?: number | null): HandlerSummary {
    const handler = summarizeForwards(results);
    const now = new Date().toISOString();
    const insert = this.db.prepare(`INSERT INTO forward_results (delivery_id, target, status, headers_json, body,
      latency_ms, error, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
    this.db.exec('BEGIN IMMEDIATE');
    try {
      for (const r of results) {
        insert.run(id, r.target, r.status, JSON.stringify(r.headers), r.body, r.latencyMs, r.error, now);
      }
      this.db
        .prepare(`UPDATE received_deliveries SET handler_targets = ?, handler_failed = ?, handler_first_status = ?,
          handler_first_error = ? ${answeredStatus !== undefined ? ', answered_status = ?' : ''} WHERE id = ?`)
        .run(
          handler.targets,
          handler.failed,
          handler.firstStatus,
          handler.firstError,
          ...(answeredStatus !== undefined ? [answeredStatus] : []),
          id,
        );
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
    return handler;
  }

  clear(): void {
    this.db.exec('DELETE FROM forward_results; DELETE FROM received_deliveries;');
  }
}

/** A handler "failed" when it could not be reached or did not answer 2xx. */
export function summarizeForwards(results: readonly ForwardResult[]): HandlerSummary {
  const first = results[0];
  return {
    targets: results.length,
    failed: results.filter((r) => r.status === null || r.status < 200 || r.status > 299).length,
    firstStatus: first?.status ?? null,
    firstError: first?.error ?? null,
  };
}

function toSummary(r: Row): DeliverySummary {
  return {
    id: r.id,
    receivedAt: r.received_at,
    method: r.method,
    path: r.path,
    bodySize: r.body_size,
    truncated: r.truncated !== 0,
    truncation: truncationOf(r.truncated),
    eventId: r.event_id,
    eventCreated: r.event_created,
    eventType: r.event_type,
    level: r.level,
    orderType: r.order_type,
    orderId: r.order_id,
    orderReference: r.order_reference,
    signature: r.signature_outcome as DeliverySummary['signature'],
    signatureKeyId: r.signature_key_id,
    diagnosis: r.signature_diagnosis ? (JSON.parse(r.signature_diagnosis) as DeliverySummary['diagnosis']) : null,
    duplicateOf: r.duplicate_of,
    outOfOrder: r.out_of_order === 1,
    answeredStatus: r.answered_status,
    handler:
      r.handler_targets > 0
        ? {
            targets: r.handler_targets,
            failed: r.handler_failed,
            firstStatus: r.handler_first_status,
            firstError: r.handler_first_error,
          }
        : null,
  };
}
