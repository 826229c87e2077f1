/**
 * A received delivery as scenario recording and chaos replay read it back (`live.get`): only the
 * fields they use, so these pure modules need no wire file. The contract's DeliveryDetail
 * (shared/contract/live.ts) has them all, so any contract client's `call` fits the narrow
 * call types built on it.
 */
export interface ReceivedDelivery {
  readonly summary: {
    readonly receivedAt: string;
    readonly eventType: string | null;
    readonly eventId: number | null;
    readonly eventCreated: string | null;
    /** The body is not whole; `truncation` says why. */
    readonly truncated: boolean;
    readonly truncation: string | null;
    readonly signature: string;
    readonly signatureKeyId: string | null;
  };
  /** Headers in the order they came, as received. */
  readonly headers: Array<[string, string]>;
  readonly bodyBase64: string;
  /** The body when it is UTF-8 text, else null. */
  readonly bodyText: string | null;
}
