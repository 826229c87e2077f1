import type { SQLInputValue, StatementSync } from 'node:sqlite';
import type { Database } from './database';
import type { DeliverySummary, ForwardResult, HandlerSummary } from '../../../shared/contract/live';
import { withTransaction } from '../platform/sqlite-transaction';
import { filterWhere, type ExportFilter } from './export-filter';
import { SUMMARY_COLUMNS, TRUNCATION_CODES, toSummary, type Row } from './delivery-row';
import {
  summarizeForwards,
  type BodyKind,
  type ForwardWrite,
  type IncomingDelivery,
  type RetentionLimits,
  type StoredDelivery,
  type StoredTotals,
} from './received-delivery';

/**
 * Raw bytes (bodies and headers) one export page reads at most, unless its first row alone is
 * more. A line carries the body as Base64 and as text, so a page's NDJSON is about 7/3 of it.
 */
export const EXPORT_PAGE_MAX_BYTES = 6 * 1024 * 1024;

/** One delivery as the NDJSON export writes it. */
export interface ExportRow {
  readonly summary: DeliverySummary;
  readonly headers: Array<[string, string]>;
  readonly body: Uint8Array;
  readonly sha256: string;
}

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
  private readonly addToTotals: StatementSync;
  private removed = 0;
  private insertForward: StatementSync | undefined;

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
      signature_diagnosis, verified, duplicate_of, out_of_order, answered_status, attempt, body_kind)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    // Imported rows (import_id, migration 015) were never received here: no arrival is judged against them.
    // Every earlier delivery compared is of the same kind (\`verified IS ?\`: 1, 0, or NULL when
    // no key was configured): an unsigned copy never becomes the first of a verified event,
    // never takes one of its attempts and never makes it out of order.
    // The latest earlier attempt carries the first id and the attempt count: O(log n) however
    // many times one event was retried.
    this.byEvent = db.prepare(
      'SELECT id, duplicate_of, attempt FROM received_deliveries WHERE event_id = ? AND verified IS ? AND import_id IS NULL ORDER BY id DESC LIMIT 1',
    );
    // Without an event id, a duplicate is the same payload among deliveries also without one
    // (retries of an unlogged delivery): a logged event's payload is not compared.
    this.byHash = db.prepare(
      'SELECT id, duplicate_of, attempt FROM received_deliveries WHERE body_sha256 = ? AND event_id IS NULL AND verified IS ? AND import_id IS NULL ORDER BY id DESC LIMIT 1',
    );
    this.laterOfOrder = db.prepare(`SELECT id FROM received_deliveries WHERE order_id = ? AND event_created_ms > ?
      AND (event_id IS NULL OR event_id <> ?) AND verified IS ? AND import_id IS NULL LIMIT 1`);
    this.summaryById = db.prepare(`SELECT ${SUMMARY_COLUMNS} FROM received_deliveries WHERE id = ?`);
    this.totalsRow = db.prepare('SELECT count, bytes FROM received_totals');
    // Walked from the oldest only as far as the caps require: cost follows what is removed.
    this.oldestFirst = db.prepare(
      'SELECT id, length(body) + length(headers_json) AS size FROM received_deliveries WHERE id < ? AND import_id IS NULL ORDER BY id',
    );
    this.removeThrough = db.prepare('DELETE FROM received_deliveries WHERE id <= ? AND import_id IS NULL');
    // Measured by SQLite as the delete trigger measures (length() of TEXT counts characters), so
    // adding and removing a row always cancel out.
    this.addToTotals = db.prepare(`UPDATE received_totals SET count = count + ?,
      bytes = bytes + (SELECT COALESCE(SUM(length(body) + length(headers_json)), 0) FROM received_deliveries WHERE id >= ? AND import_id IS NULL)`);
  }

  /**
   * Stores a batch in one transaction; when this returns, every row is durable. With `limits`,
   * the oldest deliveries beyond them are removed in the same transaction (never one of this
   * batch: a delivery just answered 2xx stays stored).
   */
  insertBatch(items: readonly IncomingDelivery[], limits?: RetentionLimits): StoredDelivery[] {
    return this.commitBatch(items, [], limits).stored;
  }

  /**
   * The listener's group commit: new deliveries and the forward results that came back since
   * the last batch, in ONE transaction (one fsync for both). Forward results of a delivery that
   * is gone (cleared, or removed by retention meanwhile) are dropped, never an error that would
   * fail the deliveries of the same batch.
   */
  commitBatch(
    items: readonly IncomingDelivery[],
    forwards: readonly ForwardWrite[],
    limits?: RetentionLimits,
  ): { stored: StoredDelivery[]; handlers: HandlerSummary[] } {
    return withTransaction(this.db, () => {
      const handlers = forwards.map((f) => this.writeForwards(f));
      const stored = items.map((item) => this.insertOne(item));
      const firstId = stored[0]?.summary.id;
      if (firstId !== undefined) {
        // Once per batch, not per row (migration 014): the running totals. The search index
        // finds the new rows by id itself (delivery-search.ts), in a file of its own.
        this.addToTotals.run(stored.length, firstId);
        if (limits) this.enforce(limits, firstId);
      }
      return { stored, handlers };
    });
  }

  /** Count and bytes stored (added per batch, removed by a trigger: migrations 005, 014), and rows removed by retention. */
  totals(): StoredTotals {
    const row = this.totalsRow.get() as { count: number; bytes: number };
    return { count: Number(row.count), bytes: Number(row.bytes), removed: this.removed };
  }

  /** The id of the oldest stored delivery, or null when none is. */
  /** The oldest delivery the listener received (imported rows, which retention never removes, left out). */
  oldestReceivedId(): number | null {
    const row = this.db.prepare('SELECT MIN(id) AS id FROM received_deliveries WHERE import_id IS NULL').get() as { id: number | null };
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
    const verified = d.keyed ? (verdict.outcome === 'valid' ? 1 : 0) : null;
    const prior = (event.eventId !== null ? this.byEvent.get(event.eventId, verified) : this.byHash.get(d.bodySha256, verified)) as
      | { id: number; duplicate_of: number | null; attempt: number }
      | undefined;
    const attempt = prior ? prior.attempt + 1 : 1;
    const duplicateOf = prior ? (prior.duplicate_of ?? prior.id) : null;
    const outOfOrder =
      fields.orderId !== null && event.eventCreatedMs !== null && (event.eventId === null || !this.isRequestedResend(event.eventId))
        ? this.laterOfOrder.get(fields.orderId, event.eventCreatedMs, event.eventId ?? -1, verified) !== undefined
        : false;
    const answer = d.answerFor(attempt);
    // A hanging answer is never sent: no status to record.
    const answered = answer && !answer.hang ? answer.status : null;
    const row: Row = {
      id: 0,
      received_at: new Date(d.receivedAtMs).toISOString(),
      method: d.method,
      path: d.path,
      body_size: d.bodySize,
      truncated: d.truncation ? TRUNCATION_CODES[d.truncation] : 0,
      event_id: event.eventId,
      event_created: event.eventCreated,
      event_type: fields.eventType,
      level: fields.level,
      order_type: fields.orderType,
      order_id: fields.orderId,
      order_reference: fields.orderReference,
      signature_outcome: verdict.outcome,
      signature_key_id: verdict.keyId,
      signature_diagnosis: verdict.diagnosis ? JSON.stringify(verdict.diagnosis) : null,
      verified,
      duplicate_of: duplicateOf,
      out_of_order: outOfOrder ? 1 : 0,
      answered_status: answered,
      handler_targets: 0,
      handler_failed: 0,
      handler_first_status: null,
      handler_first_error: null,
      // Said by the listener while it held the body, so no listing reads it again.
      body_kind: d.bodyKind,
    };
    const result = this.insert.run(
      row.received_at,
      d.receivedAtMs,
      row.method,
      row.path,
      JSON.stringify(d.headers),
      d.body,
      row.body_size,
      d.bodySha256,
      row.truncated,
      row.event_id,
      row.event_created,
      event.eventCreatedMs,
      row.event_type,
      row.level,
      row.order_type,
      row.order_id,
      row.order_reference,
      row.signature_outcome,
      row.signature_key_id,
      row.signature_diagnosis,
      row.verified,
      row.duplicate_of,
      row.out_of_order,
      row.answered_status,
      attempt,
      row.body_kind,
    );
    // The summary comes from the row just written, through the one mapper the reads use.
    return { attempt, answer, summary: toSummary({ ...row, id: Number(result.lastInsertRowid) }) };
  }

  /**
   * Rows stored before migration 007 that have no event type and no stored kind yet, a page at
   * a time, with their bodies: the live feature classifies them once at start (setBodyKinds).
   */
  untypedWithoutKind(limit: number): Array<{ id: number; body: Uint8Array }> {
    return this.db
      .prepare('SELECT id, body FROM received_deliveries WHERE event_type IS NULL AND body_kind IS NULL ORDER BY id LIMIT ?')
      .all(limit) as Array<{ id: number; body: Uint8Array }>;
  }

  /** Stores the kinds of untypedWithoutKind's rows, in one transaction. */
  setBodyKinds(kinds: ReadonlyArray<{ id: number; bodyKind: BodyKind }>): void {
    const update = this.db.prepare('UPDATE received_deliveries SET body_kind = ? WHERE id = ?');
    withTransaction(this.db, () => {
      for (const k of kinds) update.run(k.bodyKind, k.id);
    });
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
    args: { ids?: readonly number[]; afterId: number; limit: number } & ExportFilter,
  ): ExportRow[] {
    const where: string[] = ['id > ?'];
    const params: SQLInputValue[] = [args.afterId];
    filterWhere(args, where, params);
    params.push(args.limit);
    const rows = this.db
      .prepare(
        `SELECT ${SUMMARY_COLUMNS}, headers_json, body, body_sha256 FROM received_deliveries
         WHERE ${where.join(' AND ')} ORDER BY id ASC LIMIT ?`,
      )
      .iterate(...params) as Iterable<Row & { headers_json: string; body: Uint8Array; body_sha256: string }>;
    // Read row by row and stopped at the byte budget (at least one row): a page of 5 MB bodies
    // is a few rows, never a string of hundreds of MB, and each page is a short turn of the
    // event loop, so the listener answers between pages.
    const page: ExportRow[] = [];
    let bytes = 0;
    for (const r of rows) {
      bytes += r.body.byteLength + r.headers_json.length;
      if (bytes > EXPORT_PAGE_MAX_BYTES && page.length > 0) break;
      page.push({ summary: toSummary(r), headers: JSON.parse(r.headers_json) as Array<[string, string]>, body: r.body, sha256: r.body_sha256 });
    }
    return page;
  }

  /** How many deliveries an export of these filters holds (ids capped as exportRows' pages are). */
  countWhere(filter: ExportFilter & { ids?: readonly number[] }): number {
    const where: string[] = ['1'];
    const params: SQLInputValue[] = [];
    filterWhere(filter, where, params);
    return Number((this.db.prepare(`SELECT COUNT(*) AS n FROM received_deliveries WHERE ${where.join(' AND ')}`).get(...params) as { n: number }).n);
  }

  /** Whether a delivery (among `ids`, when given) comes after `id`. */
  hasAfter(id: number, ids?: readonly number[]): boolean {
    const among = ids ? ` AND id IN (${ids.map(() => '?').join(',') || 'NULL'})` : '';
    return this.db.prepare(`SELECT 1 FROM received_deliveries WHERE id > ?${among} LIMIT 1`).get(id, ...(ids ?? [])) !== undefined;
  }

  forwards(id: number): ForwardResult[] {
    const rows = this.db
      .prepare('SELECT target, status, headers_json, body, latency_ms, error, trace_id FROM forward_results WHERE delivery_id = ? ORDER BY id')
      .all(id) as Array<{ target: string; status: number | null; headers_json: string | null; body: string | null; latency_ms: number | null; error: string | null; trace_id: string | null }>;
    return rows.map((r) => ({
      target: r.target,
      status: r.status,
      headers: r.headers_json ? (JSON.parse(r.headers_json) as Array<[string, string]>) : [],
      body: r.body,
      latencyMs: r.latency_ms,
      error: r.error,
      traceId: r.trace_id,
    }));
  }

  /** Records every target's result and the summary the table shows (inside commitBatch's transaction). */
  private writeForwards({ id, results, answeredStatus }: ForwardWrite): HandlerSummary {
    const handler = summarizeForwards(results);
    const now = new Date().toISOString();
    this.insertForward ??= this.db.prepare(`INSERT INTO forward_results (delivery_id, target, status, headers_json, body,
      latency_ms, error, created_at, trace_id) SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM received_deliveries WHERE id = ?)`);
    for (const r of results) {
      this.insertForward.run(id, r.target, r.status, JSON.stringify(r.headers), r.body, r.latencyMs, r.error, now, r.traceId, id);
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
    return handler;
  }

  clear(): void {
    this.db.exec('DELETE FROM forward_results; DELETE FROM received_deliveries; DELETE FROM imports;');
  }

  /** The body as stored and whether it is whole (for the body diff). */
  body(id: number): { bytes: Uint8Array; truncated: boolean } | undefined {
    const row = this.db.prepare('SELECT body, truncated FROM received_deliveries WHERE id = ?').get(id) as
      | { body: Uint8Array; truncated: number }
      | undefined;
    return row ? { bytes: row.body, truncated: row.truncated !== 0 } : undefined;
  }

  /** Every arrival of one event, oldest first (at most 1,000): what History shows beside it. */
  arrivalsOf(eventId: number): Array<{ id: number; receivedAt: string; bodySize: number }> {
    const rows = this.db
      .prepare('SELECT id, received_at, body_size FROM received_deliveries WHERE event_id = ? ORDER BY id LIMIT 1000')
      .all(eventId) as { id: number; received_at: string; body_size: number }[];
    return rows.map((r) => ({ id: r.id, receivedAt: r.received_at, bodySize: r.body_size }));
  }
}
