import type { DeliveryRef } from './model';

/**
 * One stored delivery as the sequence rules read it: where it is, its event headers (or the
 * history copy's fields), when it arrived, and its body exactly as kept.
 */
export interface DeliveryInput {
  readonly ref: DeliveryRef;
  readonly eventId: number | null;
  /** X-Svc-Event-Created (live) or eventCreated (history); null when the delivery was not logged. */
  readonly created: string | null;
  readonly createdMs: number | null;
  /** Received at the listener (live), or logged by the service (history). */
  readonly arrivedMs: number;
  readonly body: string | Uint8Array;
  /**
   * A digest of the body when the caller has one (the listener stores each body's SHA-256;
   * the core hashes history payloads natively). Every delivery compared must use the same kind:
   * without it the rules fall back to fingerprint().
   */
  readonly digest?: string;
  /**
   * What its signature says: verified (with a configured key, or the service's own history
   * copy), unverified (a key was configured and it did not verify), or unchecked (received
   * with no key configured). Absent: unchecked.
   */
  readonly trust?: DeliveryTrust;
}

export type DeliveryTrust = 'verified' | 'unverified' | 'unchecked';

/** A delivery once its body has been read: the rules keep no body in memory. */
export type DeliveryMeta = Omit<DeliveryInput, 'body'>;

const parseMs = (iso: string): number | null => {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : null;
};

/**
 * A delivery of the service's history as the rules read it: logged when `created`, vouched for
 * by the service's own log (read with the environment's credentials). `digest`: the SHA-256 of
 * the payload's UTF-8, the digest the listener stores for a received copy of it.
 */
export function historyDeliveryInput(row: { readonly id: number; readonly eventId: number; readonly eventCreated: string; readonly created: string }, payload: string, digest: string): DeliveryInput {
  return {
    ref: { source: 'history', id: row.id },
    eventId: row.eventId,
    created: row.eventCreated,
    createdMs: parseMs(row.eventCreated),
    arrivedMs: parseMs(row.created) ?? 0,
    body: payload,
    digest,
    trust: 'verified',
  };
}
