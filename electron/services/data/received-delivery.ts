import type { DeliverySummary, ForwardResult, HandlerSummary } from '../../../shared/contract/live';
import type { SignatureVerdict } from '../../../shared/signing/diagnose';
import type { ListenerAnswer } from '../../../shared/settings';
import { is2xx } from '../../../shared/http/status';

/*
 * The listener's vocabulary: a request as received, a delivery as judged, what storing decided,
 * the caps retention holds to and the forward results written with the next batch. The SQL
 * that stores them is in delivery-store.ts.
 */

/** Why a body is not whole: over the size limit, or the sender stopped (or was cut off) mid-body. */
export type Truncation = NonNullable<DeliverySummary['truncation']>;

/** What a body without an event type is, so the table can say so instead of a blank. */
export type BodyKind = NonNullable<DeliverySummary['bodyKind']>;

/** The event fields the table shows (see docs/service.md#webhook-event), read leniently: a body that is not an event still gets stored. */
export interface EventFields {
  readonly eventType: string | null;
  readonly level: string | null;
  readonly orderType: string | null;
  readonly orderId: string | null;
  readonly orderReference: string | null;
}

/** The event headers of 6.1 as stored. */
export interface EventHeaders {
  readonly eventId: number | null;
  readonly eventCreated: string | null;
  /** Epoch ms of eventCreated, or null when absent or unparsable. */
  readonly eventCreatedMs: number | null;
}

/** A request as the listener received it, before anything was decided about it. */
export interface ReceivedRequest {
  readonly receivedAtMs: number;
  readonly method: string;
  readonly path: string;
  /** Name/value pairs in the order and case received (original repeats kept), built once from Node's rawHeaders. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  /** Exactly the bytes received, or those kept of a body that is not whole (see truncation). */
  readonly body: Uint8Array;
  /** The declared size when known, else the bytes seen. */
  readonly bodySize: number;
  readonly truncation: Truncation | null;
}

/** A delivery as it arrived, with everything judged before it is stored. */
export interface IncomingDelivery extends ReceivedRequest {
  readonly bodySha256: string;
  readonly event: EventHeaders;
  readonly fields: EventFields;
  readonly verdict: SignatureVerdict;
  /** What the body is when it has no event type (null when it has one). */
  readonly bodyKind: BodyKind | null;
  /** A key was configured when it was judged (else nothing can verify, and all count alike). */
  readonly keyed: boolean;
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

/** The forward results of one delivery, to be written with the next batch. */
export interface ForwardWrite {
  readonly id: number;
  readonly results: readonly ForwardResult[];
  /** Pass-through: the handler's status became the answer (undefined: the answer was ours). */
  readonly answeredStatus?: number | null;
}

/** What storing decided: the row id and the judgements that need earlier rows. */
export interface StoredDelivery {
  readonly summary: DeliverySummary;
  readonly attempt: number;
  readonly answer: ListenerAnswer | null;
}

/** A handler "failed" when it could not be reached or did not answer 2xx. */
export function summarizeForwards(results: readonly ForwardResult[]): HandlerSummary {
  const first = results[0];
  return {
    targets: results.length,
    failed: results.filter((r) => !is2xx(r.status)).length,
    firstStatus: first?.status ?? null,
    firstError: first?.error ?? null,
  };
}
