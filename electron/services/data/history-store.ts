import type { WebhookDelivery } from '../../../shared/service';
import type { ResendWhere } from '../../../shared/contract/history';
import type { StatementSync } from 'node:sqlite';
import type { Database } from './database';
import { withTransaction } from '../platform/sqlite-transaction';
import { SUMMARY_FIELD_MAX_CHARS, capSummaryField } from '../../../shared/text/summary-field';
import { LISTING_MAX_BYTES } from '../../../shared/text/listing-budget';

/** Counts after one page is applied to the local copy. */
export interface ApplyResult {
  readonly inserted: number;
  readonly updated: number;
}

/** One event of the copy: its deliveries grouped by eventId (see docs/service.md#pending-events). */
export interface HistoryEventRow {
  readonly eventId: number;
  readonly eventType: string;
  readonly eventCreated: string;
  /** The orderId of the event's latest payload (null when it is not JSON or has none). */
  readonly orderId: string | null;
  readonly deliveries: number;
  readonly delivered: boolean;
  readonly lastDeliveryId: number;
  readonly lastStatus: number;
  readonly lastCreated: string;
}

/** A delivery of the copy as reconciliation compares it. */
export interface HistoryRefRow {
  readonly id: number;
  readonly eventId: number;
  readonly delivered: boolean;
  readonly status: number;
  readonly created: string;
  readonly url: string;
}

interface DeliveryRow {
  id: number;
  event_id: number;
  event_type: string;
  event_created: string;
  url: string;
  payload: string;
  response_status_code: number;
  delivered: number;
  created: string;
}

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    eventCreated: row.event_created,
    url: row.url,
    payload: row.payload,
    responseStatusCode: row.response_status_code,
    delivered: row.delivered === 1,
    created: row.created,
  };
}

/**
 * The local copy of delivery history, per environment, with the poller's cursor. A page and
 * the cursor that follows it are written in ONE transaction: a crash between pages resumes at
 * the last committed cursor.
 */
export class HistoryStore {
  private readonly statements: CopyStatements;
  private readonly readSync;
  /** Prepared on first use: only reconciliation and the diff read payloads one by one. */
  private payloadById: StatementSync | undefined;

  constructor(private readonly db: Database) {
    this.statements = {
      insert: db.prepare(COPY_SQL.insert),
      update: db.prepare(COPY_SQL.update),
      cursor: db.prepare(COPY_SQL.cursor),
    };
    this.readSync = db.prepare('PRAGMA synchronous');
  }

  cursor(environmentId: string): number {
    const row = this.db.prepare('SELECT cursor FROM poll_cursors WHERE environment_id = ?').get(environmentId) as
      | { cursor: number }
      | undefined;
    return row ? Number(row.cursor) : 0;
  }

  /**
   * Upserts deliveries and, when given, moves the cursor, all in one transaction (see
   * applyCopyPage). The copy can always be fetched again, so its commits skip the fsync
   * (synchronous=NORMAL, restored right after): a power cut may lose the last pages together
   * with their cursor, never one without the other; the listener's commits stay FULL.
   */
  apply(environmentId: string, deliveries: readonly WebhookDelivery[], cursor: number | null, at: string): ApplyResult {
    const previous = (this.readSync.get() as { synchronous: number }).synchronous;
    this.db.exec('PRAGMA synchronous = NORMAL');
    try {
      return applyCopyPage(this.db, this.statements, environmentId, deliveries, cursor, at);
    } finally {
      this.db.exec(`PRAGMA synchronous = ${Number(previous)}`);
    }
  }

  /**
   * Removes the oldest deliveries of an environment's copy beyond the caps (count, and payload
   * plus URL bytes), walking from the newest: a sender's multi-megabyte payloads cannot make the
   * copy grow without end. The cursor is kept, so nothing removed is fetched again. Returns the
   * number removed.
   */
  enforceRetention(environmentId: string, limits: { maxDeliveries: number; maxBytes: number }): number {
    const newestFirst = this.db
      .prepare('SELECT id, length(payload) + length(url) AS size FROM history_deliveries WHERE environment_id = ? ORDER BY id DESC')
      .iterate(environmentId) as Iterable<{ id: number; size: number }>;
    let kept = 0;
    let bytes = 0;
    let firstRemoved: number | null = null;
    for (const row of newestFirst) {
      kept++;
      bytes += Number(row.size);
      // The newest delivery always stays, whatever its size.
      if (kept > 1 && (kept > limits.maxDeliveries || bytes > limits.maxBytes)) {
        firstRemoved = Number(row.id);
        break;
      }
    }
    if (firstRemoved === null) return 0;
    const result = this.db.prepare('DELETE FROM history_deliveries WHERE environment_id = ? AND id <= ?').run(environmentId, firstRemoved);
    return Number(result.changes);
  }

  /** Deliveries still in flight in our copy (responseStatusCode 0): the cursor never revisits them. */
  inFlightIds(environmentId: string, limit: number): number[] {
    const rows = this.db
      .prepare('SELECT id FROM history_deliveries WHERE environment_id = ? AND response_status_code = 0 ORDER BY fetched_at, id LIMIT ?')
      .all(environmentId, limit) as { id: number }[];
    return rows.map((r) => Number(r.id));
  }

  get(environmentId: string, id: number): WebhookDelivery | null {
    const row = this.db.prepare('SELECT * FROM history_deliveries WHERE environment_id = ? AND id = ?').get(environmentId, id) as
      | DeliveryRow
      | undefined;
    return row ? toDelivery(row) : null;
  }

  /** Deliveries of the copy in id order, after `afterId`, optionally of one event. */
  list(environmentId: string, options: { afterId: number; limit: number; eventId?: number }): WebhookDelivery[] {
    const rows =
      options.eventId === undefined
        ? this.db
            .prepare('SELECT * FROM history_deliveries WHERE environment_id = ? AND id > ? ORDER BY id LIMIT ?')
            .iterate(environmentId, options.afterId, options.limit)
        : this.db
            .prepare('SELECT * FROM history_deliveries WHERE environment_id = ? AND event_id = ? AND id > ? ORDER BY id LIMIT ?')
            .iterate(environmentId, options.eventId, options.afterId, options.limit);
    // Payloads are the service's bodies: read row by row and stopped at the listing budget
    // (at least one row, so paging with afterId always moves on).
    const kept: WebhookDelivery[] = [];
    let bytes = 0;
    for (const row of rows as Iterable<DeliveryRow>) {
      bytes += row.payload.length + row.url.length + 300;
      if (bytes > LISTING_MAX_BYTES && kept.length > 0) break;
      kept.push(toDelivery(row));
    }
    return kept;
  }

  counts(environmentId: string): { deliveries: number; events: number; pendingEvents: number; inFlight: number } {
    const row = this.db
      .prepare(
        `SELECT COUNT(*) AS events, COALESCE(SUM(n), 0) AS deliveries, COALESCE(SUM(1 - ok), 0) AS pending,
           COALESCE(SUM(inflight), 0) AS inflight
         FROM (SELECT event_id, COUNT(*) AS n, MAX(delivered) AS ok, SUM(response_status_code = 0) AS inflight
               FROM history_deliveries WHERE environment_id = ? GROUP BY event_id)`,
      )
      .get(environmentId) as { events: number; deliveries: number; pending: number; inflight: number };
    return {
      deliveries: Number(row.deliveries),
      events: Number(row.events),
      pendingEvents: Number(row.pending),
      inFlight: Number(row.inflight),
    };
  }

  /**
   * Events of the copy, newest first. An event is pending while none of its deliveries is
   * delivered (see docs/service.md#resend). `lastDeliveryId` is the delivery to resend.
   */
  events(
    environmentId: string,
    options: { pendingOnly: boolean; offset: number; limit: number; createdFromMs?: number; createdToMs?: number },
  ): { total: number; events: HistoryEventRow[] } {
    const having = options.pendingOnly ? 'HAVING MAX(delivered) = 0' : '';
    // A range (dragged on the activity strip): events with a delivery created in it.
    const ranged = options.createdFromMs !== undefined && options.createdToMs !== undefined;
    const inRange = ranged ? `AND unixepoch(created, 'subsec') * 1000 >= ${Number(options.createdFromMs)} AND unixepoch(created, 'subsec') * 1000 < ${Number(options.createdToMs)}` : '';
    const grouped = `SELECT event_id, substr(MIN(event_type), 1, ${SUMMARY_FIELD_MAX_CHARS + 1}) AS event_type, MIN(event_created) AS event_created, COUNT(*) AS n,
        MAX(delivered) AS ok, MAX(id) AS last_id FROM history_deliveries WHERE environment_id = ? ${inRange} GROUP BY event_id ${having}`;
    const total = this.db.prepare(`SELECT COUNT(*) AS c FROM (${grouped})`).get(environmentId) as { c: number };
    const rows = this.db
      .prepare(
        `SELECT g.*, h.response_status_code AS last_status, h.created AS last_created,
           CASE WHEN json_valid(h.payload) THEN substr(json_extract(h.payload, '$.orderId'), 1, ${SUMMARY_FIELD_MAX_CHARS + 1}) END AS order_id FROM (${grouped}) g
         JOIN history_deliveries h ON h.environment_id = ? AND h.id = g.last_id
         ORDER BY g.event_id DESC LIMIT ? OFFSET ?`,
      )
      .all(environmentId, environmentId, options.limit, options.offset) as {
      event_id: number;
      event_type: string;
      event_created: string;
      n: number;
      ok: number;
      last_id: number;
      last_status: number;
      last_created: string;
      order_id: unknown;
    }[];
    return {
      total: Number(total.c),
      events: rows.map((r) => ({
        eventId: Number(r.event_id),
        eventType: capSummaryField(r.event_type),
        eventCreated: r.event_created,
        orderId: typeof r.order_id === 'string' ? capSummaryField(r.order_id) : null,
        deliveries: Number(r.n),
        delivered: Number(r.ok) === 1,
        lastDeliveryId: Number(r.last_id),
        lastStatus: Number(r.last_status),
        lastCreated: r.last_created,
      })),
    };
  }

  /** The copy's deliveries created at or after `sinceIso`, as reconciliation compares them. */
  reconciliationRefs(environmentId: string, sinceIso: string): HistoryRefRow[] {
    const rows = this.db
      .prepare(
        `SELECT id, event_id, delivered, response_status_code, created, url FROM history_deliveries
         WHERE environment_id = ? AND created >= ? ORDER BY id`,
      )
      .all(environmentId, sinceIso) as { id: number; event_id: number; delivered: number; response_status_code: number; created: string; url: string }[];
    return rows.map((r) => ({ id: r.id, eventId: r.event_id, delivered: r.delivered === 1, status: r.response_status_code, created: r.created, url: r.url }));
  }

  /** The payload of one delivery of the copy, or null. */
  payload(environmentId: string, id: number): string | null {
    this.payloadById ??= this.db.prepare('SELECT payload FROM history_deliveries WHERE environment_id = ? AND id = ?');
    const row = this.payloadById.get(environmentId, id) as { payload: string } | undefined;
    return row ? row.payload : null;
  }

  /**
   * Event ids of every pending event, oldest first (for "resend all pending"); with `sinceIso`,
   * only events first logged at or after it (the first delivery's `created`, so resending an
   * older event does not make it recent). Compared as ISO text, as reconciliationRefs does.
   */
  pendingEventIds(environmentId: string, sinceIso?: string): number[] {
    const since = sinceIso === undefined ? '' : ' AND MIN(created) >= ?';
    const rows = this.db
      .prepare(
        `SELECT event_id FROM history_deliveries WHERE environment_id = ? GROUP BY event_id HAVING MAX(delivered) = 0${since} ORDER BY event_id`,
      )
      .all(environmentId, ...(sinceIso === undefined ? [] : [sinceIso])) as { event_id: number }[];
    return rows.map((r) => Number(r.event_id));
  }

  /**
   * A bulk resend by the service's own fields: how many deliveries and events match, and the
   * delivery to resend for each event (its newest matching one), oldest event first.
   */
  resendSelection(environmentId: string, where: ResendWhere): { deliveries: number; events: number; ids: number[] } {
    const conditions = ['environment_id = ?'];
    const params: (string | number)[] = [environmentId];
    const add = (sql: string, ...values: (string | number)[]) => {
      conditions.push(sql);
      params.push(...values);
    };
    if (where.eventType !== undefined) add('event_type = ?', where.eventType);
    if (where.delivered !== undefined) add('delivered = ?', where.delivered ? 1 : 0);
    if (typeof where.status === 'number') add('response_status_code = ?', where.status);
    else if (where.status) add('response_status_code BETWEEN ? AND ?', where.status.from, where.status.to);
    // ISO text compares in time order (as pendingEventIds and reconciliationRefs do).
    if (where.createdFrom !== undefined) add('created >= ?', where.createdFrom);
    if (where.createdTo !== undefined) add('created <= ?', where.createdTo);
    if (where.url !== undefined) add(`lower(url) LIKE ? ESCAPE '\\'`, `%${where.url.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (where.pendingOnly) {
      add('event_id IN (SELECT event_id FROM history_deliveries WHERE environment_id = ? GROUP BY event_id HAVING MAX(delivered) = 0)', environmentId);
    }
    const rows = this.db
      .prepare(`SELECT MAX(id) AS id, COUNT(*) AS n FROM history_deliveries WHERE ${conditions.join(' AND ')} GROUP BY event_id ORDER BY MIN(id)`)
      .all(...params) as { id: number; n: number }[];
    return { deliveries: rows.reduce((sum, r) => sum + Number(r.n), 0), events: rows.length, ids: rows.map((r) => Number(r.id)) };
  }

  /**
   * For each resend id (a delivery id, or an event id as `history.resend` takes it): its event,
   * and whether the service delivered that event at or after `sinceIso` (a resume leaves it out).
   */
  deliveredSince(environmentId: string, ids: readonly number[], sinceIso: string): Array<{ id: number; eventId: number; delivered: boolean }> {
    const rows = this.db
      .prepare(
        `SELECT r.value AS id, COALESCE(d.event_id, r.value) AS event_id,
                EXISTS (SELECT 1 FROM history_deliveries h WHERE h.environment_id = ? AND h.event_id = COALESCE(d.event_id, r.value)
                          AND h.delivered = 1 AND h.created >= ?) AS delivered
         FROM json_each(?) r LEFT JOIN history_deliveries d ON d.environment_id = ? AND d.id = r.value`,
      )
      .all(environmentId, sinceIso, JSON.stringify(ids), environmentId) as { id: number; event_id: number; delivered: number }[];
    return rows.map((r) => ({ id: Number(r.id), eventId: Number(r.event_id), delivered: r.delivered === 1 }));
  }
}

/** SQL of the history copy's writes. */
const COPY_SQL = {
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
interface CopyStatements {
  readonly insert: { run(...values: SqlValue[]): RunResult };
  readonly update: { run(...values: SqlValue[]): RunResult };
  readonly cursor: { run(...values: SqlValue[]): RunResult };
}

/** A delivery as written (the fields of docs/service.md#webhook-delivery). */
interface CopyRow {
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
function applyCopyPage(
  db: Database,
  st: CopyStatements,
  environmentId: string,
  deliveries: readonly CopyRow[],
  cursor: number | null,
  at: string,
): { inserted: number; updated: number } {
  let inserted = 0;
  let updated = 0;
  withTransaction(db, () => {
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
  });
  return { inserted, updated };
}
