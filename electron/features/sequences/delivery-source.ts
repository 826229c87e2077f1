import { createHash } from 'node:crypto';
import type { DeliveryRef } from '../../../shared/contract/sequences';
import type { DeliveryInput } from '../../../shared/sequences';
import type { Database } from '../../services/data/database';
import { HistorySequenceReads, SequenceReads, type HistorySequenceRow, type SequenceRow } from '../../services/data/sequence-reads';

/** The newest row ids read so far, so the next read only brings what is new. */
export interface SourceCursor {
  readonly liveId: number;
  readonly historyId: number;
}

export const START: SourceCursor = { liveId: 0, historyId: 0 };

function parseMs(iso: string): number | null {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : null;
}

function fromLive([id, receivedAtMs, eventId, eventCreated, eventCreatedMs, body, sha256, verified]: SequenceRow): DeliveryInput {
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

function fromHistory([id, eventId, eventCreated, created, payload]: HistorySequenceRow): DeliveryInput {
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
  private readonly received: SequenceReads;
  private readonly copy: HistorySequenceReads;

  constructor(db: Database) {
    this.received = new SequenceReads(db);
    this.copy = new HistorySequenceReads(db);
  }

  /** The deliveries named (one order's, to open it with their whole bodies). */
  read(refs: readonly DeliveryRef[], environmentId: string): DeliveryInput[] {
    const ids = (source: DeliveryRef['source']) => refs.filter((r) => r.source === source).map((r) => r.id);
    return [
      ...this.received.sequenceRowsByIds(ids('live')).map(fromLive),
      ...this.copy.sequenceRowsByIds(environmentId, ids('history')).map(fromHistory),
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
    let { liveId, historyId } = from;
    for (;;) {
      const rows = this.received.sequenceRowsAfter(liveId, otherEnvironmentKeyIds, pageSize);
      if (rows.length === 0) break;
      liveId = Number(rows[rows.length - 1]![0]);
      yield { deliveries: rows.map(fromLive), cursor: { liveId, historyId } };
    }
    for (;;) {
      const rows = this.copy.sequenceRowsAfter(environmentId, historyId, pageSize);
      if (rows.length === 0) break;
      historyId = Number(rows[rows.length - 1]![0]);
      yield { deliveries: rows.map(fromHistory), cursor: { liveId, historyId } };
    }
  }

  /** The highest received id: lower than a cursor means the deliveries were cleared. */
  maxLiveId(): number {
    return this.received.maxId();
  }
}
