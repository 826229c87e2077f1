import type { KnownKey } from '../../../../shared/signing/diagnose';
import type { ListenerSettings } from '../../../../shared/settings';
import type { HandlerSummary } from '../../../../shared/contract/live';
import type { ResendEntry } from '../../../services/resend-requests/resend-requests';
import type { RetentionLimits, StoredTotals } from '../../../services/data/received-delivery';
import type { ProbeTicket } from '../probe/probe-tickets';

/**
 * The messages between the app's main thread and the listener's thread. Everything here is
 * plain data (structured clone): settings and keys go in, what was stored comes out.
 */

/** What the listener's thread is started with (workerData). */
export interface ListenerThreadData {
  /** The database file, already opened and migrated by the main thread. */
  readonly databasePath: string;
  /** The data folder, whose trace key marks each forward's new trace as Hooklab's. */
  readonly dataDir: string;
  readonly settings: ListenerSettings;
  readonly keys: readonly KnownKey[];
  readonly resends: readonly ResendEntry[];
}

/** Operations the main thread asks for and waits on. */
export type ListenerOp =
  | { readonly op: 'start'; readonly port: number }
  | { readonly op: 'moveTo'; readonly port: number }
  | { readonly op: 'stop' }
  | { readonly op: 'enforce'; readonly limits: RetentionLimits }
  | { readonly op: 'totals' };

export type ToListener =
  /** Read on every request from now on: apply from the next batch, as in one thread. */
  | { readonly type: 'configure'; readonly settings: ListenerSettings; readonly keys: readonly KnownKey[] }
  | { readonly type: 'resends'; readonly entries: readonly ResendEntry[] }
  /** A probe of the public URL the app signed: the listener answers it once, never stores it. */
  | { readonly type: 'probeIssued'; readonly ticket: ProbeTicket }
  | ({ readonly type: 'call'; readonly id: number } & ListenerOp);

/** A failure carried across threads (a bind error keeps its code: EADDRINUSE...). */
export interface ThreadError {
  readonly message: string;
  readonly code?: string;
}

export type FromListener =
  | { readonly type: 'reply'; readonly id: number; readonly value: unknown }
  | { readonly type: 'reply'; readonly id: number; readonly error: ThreadError }
  /**
   * One message per committed batch, after its commit and before its answers: the summaries as
   * one JSON array (DeliverySummary[]), which costs the listener's thread less than a structured
   * clone of the objects.
   */
  | { readonly type: 'stored'; readonly deliveriesJson: string; readonly totals: StoredTotals }
  | { readonly type: 'forwarded'; readonly id: number; readonly handler: HandlerSummary; readonly answeredStatus: number | null }
  /** A batch could not be stored; `cause` in SQLite's or the system's words. */
  | { readonly type: 'storeFailed'; readonly cause: string }
  /** A probe of the public URL reached the listener and was answered. */
  | { readonly type: 'probeAnswered' }
  | { readonly type: 'error'; readonly message: string; readonly cause: string | undefined };
