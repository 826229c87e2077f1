import { createHash } from 'node:crypto';
import type { DeliveryRef } from '../../../shared/contract/sequences';
import { historyDeliveryInput, type DeliveryInput } from '../../../shared/sequences';
import type {
  HistorySequenceReads,
  SequenceReads,
  HistorySequenceIndexRow,
  HistorySequenceRow,
  SequenceIndexRow,
  SequenceRow,
} from '../../services/data/sequence-reads';
import { eventFromNodes } from './event-fields';

/** The newest row ids read so far, so the next read only brings what is new. */
export interface SourceCursor {
  readonly liveId: number;
  readonly historyId: number;
}

export const START: SourceCursor = { liveId: 0, historyId: 0 };

/** The same digest the listener stores for a received copy of a payload. */
const utf8Sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const trustOf = (verified: number | null): DeliveryInput['trust'] => (verified === null ? 'unchecked' : Number(verified) === 1 ? 'verified' : 'unverified');

function fromLive([id, receivedAtMs, eventId, eventCreated, eventCreatedMs, body, sha256, verified]: SequenceRow): DeliveryInput {
  return {
    ref: { source: 'live', id: Number(id) },
    eventId: eventId === null ? null : Number(eventId),
    created: eventCreated,
    createdMs: eventCreatedMs === null ? null : Number(eventCreatedMs),
    arrivedMs: Number(receivedAtMs),
    body,
    digest: sha256,
    trust: trustOf(verified),
  };
}

/** A received delivery for the index: a small body as stored, a large one's event made again from its nodes. */
function liveForIndex(row: SequenceIndexRow, reads: SequenceReads): DeliveryInput {
  const nodes = row.walk ? reads.nodesOf(row.id) : null;
  return {
    ref: { source: 'live', id: row.id },
    eventId: row.eventId,
    created: row.eventCreated,
    createdMs: row.eventCreatedMs,
    arrivedMs: row.receivedAtMs,
    body: row.body ?? (nodes && eventFromNodes(nodes)) ?? reads.bodyOf(row.id) ?? new Uint8Array(0),
    digest: row.sha256,
    trust: trustOf(row.verified),
  };
}

function historyForIndex(row: HistorySequenceIndexRow, environmentId: string, reads: HistorySequenceReads): DeliveryInput {
  const large = row.payload === null ? reads.largePayload(environmentId, row.id) : null;
  const payload = row.payload ?? (large?.nodes && eventFromNodes(large.nodes)) ?? large?.payload ?? '';
  return historyDeliveryInput(row, payload, large?.sha256 ?? utf8Sha256(payload));
}

function fromHistory([id, eventId, eventCreated, created, payload]: HistorySequenceRow): DeliveryInput {
  return historyDeliveryInput({ id: Number(id), eventId: Number(eventId), eventCreated, created }, payload, utf8Sha256(payload));
}

/** Large bodies read (walked in SQL, or whole) in one part of a page at most, so the caller yields between them. */
const PART_BODY_BYTES = 32 * 1024 * 1024;

/**
 * A page's deliveries in parts, each ended once the large bodies read for it (one at a time)
 * pass PART_BODY_BYTES: a page of 5 MB bodies is read a few at a time, the event loop turning
 * between parts, and never held at once (an event made from its nodes is a few hundred bytes).
 */
function* boundedParts<R extends { id: number }>(
  rows: readonly R[],
  largeBytes: (row: R) => number,
  toInput: (row: R) => DeliveryInput,
): Generator<{ deliveries: DeliveryInput[]; lastId: number }> {
  let deliveries: DeliveryInput[] = [];
  let bytes = 0;
  for (const row of rows) {
    deliveries.push(toInput(row));
    bytes += largeBytes(row);
    if (bytes >= PART_BODY_BYTES) {
      yield { deliveries, lastId: row.id };
      deliveries = [];
      bytes = 0;
    }
  }
  if (deliveries.length > 0) yield { deliveries, lastId: rows[rows.length - 1]!.id };
}

/**
 * Reads the two stores an order's deliveries live in, in id order from a cursor: the listener's
 * received deliveries (all of them but those a key of another environment verified, as the
 * reconciliation does) and the active environment's history copy. Both ids only grow, so a
 * cursor per store is enough to read each delivery once. Rows come in pages to bound memory.
 */
export class DeliverySource {
  constructor(
    private readonly received: SequenceReads,
    private readonly copy: HistorySequenceReads,
  ) {}

  /** The deliveries named (one order's, to open it with their whole bodies). */
  read(refs: readonly DeliveryRef[], environmentId: string): DeliveryInput[] {
    const ids = (source: DeliveryRef['source']) => refs.filter((r) => r.source === source).map((r) => r.id);
    return [
      ...this.received.sequenceRowsByIds(ids('live')).map(fromLive),
      ...this.copy.sequenceRowsByIds(environmentId, ids('history')).map(fromHistory),
    ];
  }

  /**
   * Every delivery after `from`, a page at a time, each with the cursor after it, for the index:
   * small bodies whole, a large one's event made again from the nodes SQLite read out of it
   * (eventFromNodes), so no large body is held; one that is not a JSON event is read alone. A generator, so the
   * caller may yield to the event loop between pages (each page is its own query).
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
      const large = (r: SequenceIndexRow) => (r.body === null ? r.bodySize : 0);
      for (const part of boundedParts(rows, large, (r) => liveForIndex(r, this.received))) {
        liveId = part.lastId;
        yield { deliveries: part.deliveries, cursor: { liveId, historyId } };
      }
    }
    for (;;) {
      const rows = this.copy.sequenceRowsAfter(environmentId, historyId, pageSize);
      if (rows.length === 0) break;
      const large = (r: HistorySequenceIndexRow) => (r.payload === null ? r.payloadSize : 0);
      for (const part of boundedParts(rows, large, (r) => historyForIndex(r, environmentId, this.copy))) {
        historyId = part.lastId;
        yield { deliveries: part.deliveries, cursor: { liveId, historyId } };
      }
    }
  }

  /** The highest received id: lower than a cursor means the deliveries were cleared. */
  maxLiveId(): number {
    return this.received.maxId();
  }
}
