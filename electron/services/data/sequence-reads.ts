import { createHash } from 'node:crypto';
import type { StatementSync } from 'node:sqlite';
import type { Database } from './database';

/*
 * The deliveries as the Sequences index reads them, a page at a time: the received ones and the
 * history copy's (received_deliveries is written by delivery-store.ts, history_deliveries by
 * history-store.ts; this module only reads).
 */

/** A received delivery with its whole body (an array, in SEQUENCE_COLUMNS order): one order opened. */
export type SequenceRow = [id: number, receivedAtMs: number, eventId: number | null, eventCreated: string | null, eventCreatedMs: number | null, body: Uint8Array, sha256: string, verified: number | null];
const SEQUENCE_COLUMNS = 'id, received_at_ms, event_id, event_created, event_created_ms, body, body_sha256, verified';

/**
 * The parts of an event body the Sequences index reads, found by SQLite's JSON functions in one
 * walk of the body (json_tree), so the index is built without a body reaching JavaScript: an
 * index over 126 bodies of 5 MB holds a few hundred bytes per delivery, never the bodies. Each
 * node is `[path, key, type, value]`: the body itself (its type), its top-level event fields,
 * metadata's state fields and orderDetail (its type), and the coupons of orderDetail's lines;
 * `value` is null for the body, metadata and orderDetail (their type is all that is read).
 * features/sequences/event-fields.ts makes the event again from them.
 */
export type EventNode = [path: string, key: string | number | null, type: string, value: unknown];

/** The top-level fields and metadata's fields the index reads (shared/sequences/parse-delivery.ts). */
const EVENT_KEYS = ['orderId', 'type', 'orderType', 'orderReference', 'level', 'metadata'];
const METADATA_KEYS = ['PreviousStatus', 'NewStatus', 'PreparationEtaMinutes', 'authenticationId', 'reason', 'orderDetail'];
const sqlList = (names: readonly string[]) => names.map((n) => `'${n}'`).join(', ');

/**
 * The nodes (EventNode[] as JSON text) of the JSON text `t`; NULL when `t` is not valid JSON
 * (json_tree raises on it): such a body is read whole, alone.
 */
const eventNodes = (t: string) => `CASE WHEN json_valid(${t}) THEN (
    SELECT json_group_array(json_array(path, key, type,
      CASE WHEN fullkey = '$' OR (path = '$' AND key = 'metadata') OR (path = '$.metadata' AND key = 'orderDetail') THEN NULL ELSE value END))
    FROM json_tree(${t})
    WHERE fullkey = '$' OR (path = '$' AND key IN (${sqlList(EVENT_KEYS)})) OR (path = '$.metadata' AND key IN (${sqlList(METADATA_KEYS)}))
      OR (key = 'coupon' AND path GLOB '$.metadata.orderDetail[[]*')
  ) END`;

/**
 * Bodies up to this size come to JavaScript whole (its JSON.parse beats a walk in SQL on an
 * event of a few KB); a larger one is walked in SQL (eventNodes) and never comes.
 */
const WHOLE_BODY_BYTES = 64 * 1024;

const nodesOf = (json: unknown): EventNode[] | null => (typeof json === 'string' ? (JSON.parse(json) as EventNode[]) : null);

/** A received delivery as the Sequences index reads it: its event's nodes, never its body. */
export interface SequenceIndexRow {
  readonly id: number;
  readonly receivedAtMs: number;
  readonly eventId: number | null;
  readonly eventCreated: string | null;
  readonly eventCreatedMs: number | null;
  readonly sha256: string;
  readonly verified: number | null;
  /** The body's size: a large one is read alone (nodesOf or bodyOf), after the page. */
  readonly bodySize: number;
  /** A small body (WHOLE_BODY_BYTES at most) as stored: JavaScript parses those faster than SQL walks them. */
  readonly body: Uint8Array | null;
  /** A large body of an event the listener typed: its nodes are read (nodesOf), not the body. */
  readonly walk: boolean;
}

/** A delivery of the history copy as the Sequences index reads it: its payload's nodes and digest. */
export interface HistorySequenceIndexRow {
  readonly id: number;
  readonly eventId: number;
  readonly eventCreated: string;
  readonly created: string;
  readonly payloadSize: number;
  /** A small payload (WHOLE_BODY_BYTES at most), whole; a large one is read alone (largePayload). */
  readonly payload: string | null;
}

function arrays(statement: StatementSync): StatementSync {
  statement.setReturnArrays(true);
  return statement;
}

/** The received deliveries as the Sequences index reads them. */
export class SequenceReads {
  private sequenceAfter: StatementSync | undefined;
  private sequenceByIds: StatementSync | undefined;
  private bodyById: StatementSync | undefined;
  private nodesById: StatementSync | undefined;

  constructor(private readonly db: Database) {}

  /**
   * Deliveries after `afterId` that no key of another environment verified, a page at a time:
   * small bodies whole (in one query, as fast as before), large ones only marked, for the
   * caller to read one at a time (nodesOf: the event's nodes, walked by SQLite; bodyOf for one
   * the listener did not type as an event), so a page never holds large bodies.
   */
  sequenceRowsAfter(afterId: number, otherEnvironmentKeyIds: readonly string[], limit: number): SequenceIndexRow[] {
    this.sequenceAfter ??= arrays(
      this.db.prepare(`SELECT id, received_at_ms, event_id, event_created, event_created_ms, body_sha256, verified, length(body),
          CASE WHEN length(body) <= ${WHOLE_BODY_BYTES} THEN body END, body_kind IS NULL
        FROM received_deliveries
        WHERE id > ? AND (signature_key_id IS NULL OR signature_key_id NOT IN (SELECT value FROM json_each(?)))
        ORDER BY id LIMIT ?`),
    );
    const rows = this.sequenceAfter.all(afterId, JSON.stringify(otherEnvironmentKeyIds), limit) as unknown as unknown[][];
    return rows.map(([id, receivedAtMs, eventId, eventCreated, eventCreatedMs, sha256, verified, bodySize, body, typed]) => ({
      id: Number(id),
      receivedAtMs: Number(receivedAtMs),
      eventId: eventId === null ? null : Number(eventId),
      eventCreated: eventCreated as string | null,
      eventCreatedMs: eventCreatedMs === null ? null : Number(eventCreatedMs),
      sha256: String(sha256),
      verified: verified === null ? null : Number(verified),
      bodySize: Number(bodySize),
      body: body === null ? null : (body as Uint8Array),
      walk: body === null && Number(typed) === 1,
    }));
  }

  /**
   * A stored body's nodes (EventNode), walked by SQLite: the body stays in the database. Null
   * when the body is not JSON (or gone): read it whole with bodyOf.
   */
  nodesOf(id: number): EventNode[] | null {
    // A body stored as a BLOB is read as text (SQLite would take a BLOB for its binary JSONB).
    this.nodesById ??= this.db.prepare(`SELECT ${eventNodes('CAST(body AS TEXT)')} AS nodes FROM received_deliveries WHERE id = ?`);
    return nodesOf((this.nodesById.get(id) as { nodes: unknown } | undefined)?.nodes);
  }

  /** One delivery's whole body (a body the index cannot read through SQL); null when it is gone. */
  bodyOf(id: number): Uint8Array | null {
    this.bodyById ??= this.db.prepare('SELECT body FROM received_deliveries WHERE id = ?');
    const row = this.bodyById.get(id) as { body: Uint8Array } | undefined;
    return row ? row.body : null;
  }

  /** The named deliveries with their whole bodies (one order, opened). */
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

/** A delivery of the history copy with its whole payload (an array, in HISTORY_SEQUENCE_COLUMNS order). */
export type HistorySequenceRow = [id: number, eventId: number, eventCreated: string, created: string, payload: string];
const HISTORY_SEQUENCE_COLUMNS = 'id, event_id, event_created, created, payload';

/** The history copy's deliveries as the Sequences index reads them, per environment. */
export class HistorySequenceReads {
  private sequenceAfter: StatementSync | undefined;
  private sequenceByIds: StatementSync | undefined;
  private payloadById: StatementSync | undefined;

  constructor(private readonly db: Database) {}

  /** Deliveries of the copy after `afterId`, a page at a time: small payloads whole, large ones only marked (largePayload). */
  sequenceRowsAfter(environmentId: string, afterId: number, limit: number): HistorySequenceIndexRow[] {
    this.sequenceAfter ??= arrays(
      this.db.prepare(`SELECT id, event_id, event_created, created, length(payload), CASE WHEN length(payload) <= ${WHOLE_BODY_BYTES} THEN payload END
        FROM history_deliveries WHERE environment_id = ? AND id > ? ORDER BY id LIMIT ?`),
    );
    const rows = this.sequenceAfter.all(environmentId, afterId, limit) as unknown as unknown[][];
    return rows.map(([id, eventId, eventCreated, created, payloadSize, payload]) => ({
      id: Number(id),
      eventId: Number(eventId),
      eventCreated: String(eventCreated),
      created: String(created),
      payloadSize: Number(payloadSize),
      payload: payload === null ? null : String(payload),
    }));
  }

  /**
   * A large payload's digest (SHA-256, hex: the one the listener stores for a received copy),
   * its nodes walked by SQLite (null when it is not JSON) and the payload (read for the digest;
   * the caller keeps it only when it has no nodes).
   */
  largePayload(environmentId: string, id: number): { sha256: string; nodes: EventNode[] | null; payload: string } | null {
    this.payloadById ??= this.db.prepare(`SELECT payload, ${eventNodes('payload')} AS nodes FROM history_deliveries WHERE environment_id = ? AND id = ?`);
    const row = this.payloadById.get(environmentId, id) as { payload: string; nodes: unknown } | undefined;
    if (!row) return null;
    const nodes = nodesOf(row.nodes);
    return { sha256: createHash('sha256').update(row.payload, 'utf8').digest('hex'), nodes, payload: row.payload };
  }

  /** The named deliveries of the copy, with their whole payloads (one order, opened). */
  sequenceRowsByIds(environmentId: string, ids: readonly number[]): HistorySequenceRow[] {
    this.sequenceByIds ??= arrays(
      this.db.prepare(`SELECT ${HISTORY_SEQUENCE_COLUMNS} FROM history_deliveries
        WHERE environment_id = ? AND id IN (SELECT value FROM json_each(?)) ORDER BY id`),
    );
    return this.sequenceByIds.all(environmentId, JSON.stringify(ids)) as unknown as HistorySequenceRow[];
  }
}
