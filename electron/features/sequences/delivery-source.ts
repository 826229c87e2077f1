import { createHash } from 'node:crypto';
import type { StatementSync } from 'node:sqlite';
import type { DeliveryRef } from '../../../shared/contract/sequences';
import type { DeliveryInput } from '../../../shared/sequences';
import type { Database } from '../../services/data/database';

/** The newest row ids read so far, so the next read only brings what is new. */
export interface SourceCursor {
  readonly liveId: number;
  readonly historyId: number;
}

export const START: SourceCursor = { liveId: 0, historyId: 0 };

/**
 * Rows come back as arrays (statement.setReturnArrays): reading 100,000 rows is a third
 * cheaper than as objects with named properties. The order is that of the SELECT lists below.
 */
type LiveRow = [id: number, receivedAtMs: number, eventId: number | null, eventCreated: string | null, eventCreatedMs: number | null, body: Uint8Array, sha256: string, verified: number | null];
type HistoryRow = [id: number, eventId: number, eventCreated: string, created: string, payload: string];

const LIVE_COLUMNS = 'id, received_at_ms, event_id, event_created, event_created_ms, body, body_sha256, verified';
const HISTORY_COLUMNS = 'id, event_id, event_created, created, payload';

function parseMs(iso: string): number | null {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : null;
}

function fromLive([id, receivedAtMs, eventId, eventCreated, eventCreatedMs, body, sha256, verified]: LiveRow): DeliveryInput {
  return {
    ref: { source: 'live', id: Number(id) },
    eventId: eventId === null ? null : Number(eventId),
    created: eventCreated,
    createdMs: eventCreatedMs === null ? null : Number(eventCreatedMs),
    arrivedMs: Number(receivedAtMs),
    body,
    digest: sha256,
    trust: verified === null ? 'unchecked' : Number(verified) === 1 ? 'verified' : 'unverified',
  };
}

function fromHistory([id, eventId, eventCreated, created, payload]: HistoryRow): DeliveryInput {
  return {
    ref: { source: 'history', id: Number(id) },
    eventId: Number(eventId),
    created: eventCreated,
    createdMs: parseMs(eventCreated),
    arrivedMs: parseMs(created) ?? 0,
    body: payload,
    // The same digest the listener stored for a received copy of this payload.
    digest: createHash('sha256').update(payload, 'utf8').digest('hex'),
    // The service's own log, read with the environment's credentials.
    trust: 'verified',
  };
}

/**
 * Reads the two stores an order's deliveries live in, in id order from a cursor: the listener's
 * received deliveries (all of them but those a key of another environment verified, as the
 * reconciliation does) and the active environment's history copy. Both ids only grow, so a
 * cursor per store is enough to read each delivery once. Rows come in pages to bound memory.
 */
export class DeliverySource {
  private readonly live: StatementSync;
  private readonly history: StatementSync;
  private readonly liveByIds: StatementSync;
  private readonly historyByIds: StatementSync;

  constructor(private readonly db: Database) {
    this.live = db.prepare(`SELECT ${LIVE_COLUMNS} FROM received_deliveries
      WHERE id > ? AND (signature_key_id IS NULL OR signature_key_id NOT IN (SELECT value FROM json_each(?)))
      ORDER BY id LIMIT ?`);
    this.history = db.prepare(`SELECT ${HISTORY_COLUMNS} FROM history_deliveries
      WHERE environment_id = ? AND id > ? ORDER BY id LIMIT ?`);
    this.liveByIds = db.prepare(`SELECT ${LIVE_COLUMNS} FROM received_deliveries WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`);
    this.historyByIds = db.prepare(`SELECT ${HISTORY_COLUMNS} FROM history_deliveries
      WHERE environment_id = ? AND id IN (SELECT value FROM json_each(?)) ORDER BY id`);
    for (const statement of [this.live, this.history, this.liveByIds, this.historyByIds]) statement.setReturnArrays(true);
  }

  /** The deliveries named (one order's, to open it with their whole bodies). */
  read(refs: readonly DeliveryRef[], environmentId: string): DeliveryInput[] {
    const ids = (source: DeliveryRef['source']) => JSON.stringify(refs.filter((r) => r.source === source).map((r) => r.id));
    return [
      ...(this.liveByIds.all(ids('live')) as unknown as LiveRow[]).map(fromLive),
      ...(this.historyByIds.all(environmentId, ids('history')) as unknown as HistoryRow[]).map(fromHistory),
    ];
  }

  /**
   * Every delivery after `from`, a page at a time, each with the cursor after it. A generator,
   * so the caller may yield to the event loop between pages (each page is its own query).
   */
  *pagesAfter(
    from: SourceCursor,
    environmentId: string,
    otherEnvironmentKeyIds: readonly string[],
    pageSize = 5_000,
  ): Generator<{ deliveries: DeliveryInput[]; cursor: SourceCursor }> {
    const keys = JSON.stringify(otherEnvironmentKeyIds);
    let { liveId, historyId } = from;
    for (;;) {
      const rows = this.live.all(liveId, keys, pageSize) as unknown as LiveRow[];
      if (rows.length === 0) break;
      liveId = Number(rows[rows.length - 1]![0]);
      yield { deliveries: rows.map(fromLive), cursor: { liveId, historyId } };
    }
    for (;;) {
      const rows = this.history.all(environmentId, historyId, pageSize) as unknown as HistoryRow[];
      if (rows.length === 0) break;
      historyId = Number(rows[rows.length - 1]![0]);
      yield { deliveries: rows.map(fromHistory), cursor: { liveId, historyId } };
    }
  }

  /** The highest received id: lower than a cursor means the deliveries were cleared. */
  maxLiveId(): number {
    const row = this.db.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM received_deliveries').get() as { id: number };
    return Number(row.id);
  }
}
