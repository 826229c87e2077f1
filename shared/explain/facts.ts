/**
 * What the explainer judges: the facts Hooklab already keeps about an order, as narrow as the
 * rules read them. gather.ts reads them through the contract; judge.ts turns them into causes.
 */
import type { StateVerdict } from '../flows/state-verdict';

/** What one local handler answered to a forwarded delivery. */
export interface ForwardFact {
  readonly target: string;
  readonly status: number | null;
  readonly error: string | null;
  readonly latencyMs: number | null;
  /** The exception the handler's trace recorded (type: message, the handler's text); null when untraced or none. */
  readonly exception: string | null;
}

/** One delivery the listener received. */
export interface ReceivedFact {
  readonly id: number;
  readonly receivedAt: string;
  readonly eventId: number | null;
  readonly eventType: string | null;
  readonly signature: 'valid' | 'invalid' | 'missing' | 'no-key' | 'unverifiable';
  /** The configured key's name when it verified (never its value). */
  readonly keyName: string | null;
  readonly diagnosis: { readonly kind: string; readonly message: string } | null;
  readonly duplicateOf: number | null;
  readonly outOfOrder: boolean;
  readonly answeredStatus: number | null;
  readonly forwards: readonly ForwardFact[];
}

/** One delivery of the service's history (the local copy). */
export interface HistoryFact {
  readonly id: number;
  readonly eventId: number;
  readonly eventType: string;
  readonly url: string;
  readonly status: number;
  readonly delivered: boolean;
  readonly created: string;
}

/** One event of the order as Sequences collapsed it (every copy, every event id). */
export interface EventFact {
  readonly key: string;
  readonly type: string;
  readonly eventIds: readonly number[];
  readonly receivedIds: readonly number[];
  readonly historyIds: readonly number[];
}

/** Where the service's deliveries went instead of here (reconciliation's sent-elsewhere view). */
export interface ElsewhereFact {
  readonly cause: 'other-url' | 'answered-by-another';
  readonly url: string;
  readonly eventIds: readonly number[];
}

/** The handler's state endpoint against the states Hooklab derives. */
export interface StateFact {
  readonly url: string;
  readonly verdict: StateVerdict;
}

export interface OrderFacts {
  readonly orderId: string | null;
  readonly events: readonly EventFact[];
  /** Sequences' flags of the order (out of order, duplicate...), by event key. */
  readonly flags: ReadonlyArray<{
    readonly kind: string;
    readonly eventKeys: readonly string[];
    readonly message: string;
  }>;
  readonly received: ReadonlyMap<number, ReceivedFact>;
  readonly history: ReadonlyMap<number, HistoryFact>;
  readonly elsewhere: readonly ElsewhereFact[];
  /** This Hooklab's address as the service should use it (for the fix of other-url); null when unknown. */
  readonly publicUrl: string | null;
  readonly state: StateFact | null;
  /** Facts that could not be read (a part of Hooklab not running here), said in the answer. */
  readonly unread: readonly string[];
}
