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
