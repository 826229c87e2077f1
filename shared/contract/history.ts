import { z } from 'zod';
import { defineCall, defineEvent, NoArgs } from './define';
import { WebhookDeliverySchema } from '../service/webhooks';

/**
 * Calls and events of the History area: the delivery-history client, the poller's local copy,
 * events and pending events, resend, reconciliation with what the listener received, and diff.
 */

export const HistorySummarySchema = z.object({
  environmentId: z.string(),
  environmentName: z.string(),
  isSandbox: z.boolean(),
  available: z.boolean(),
  cursor: z.number().int(),
  deliveries: z.number().int(),
  events: z.number().int(),
  pendingEvents: z.number().int(),
  inFlight: z.number().int(),
});
export type HistorySummary = z.infer<typeof HistorySummarySchema>;

export const HistoryEventSchema = z.object({
  eventId: z.number().int(),
  eventType: z.string(),
  eventCreated: z.string(),
  /** The order the event is about (its latest payload's orderId), when the payload says. */
  orderId: z.string().nullable(),
  deliveries: z.number().int(),
  delivered: z.boolean(),
  lastDeliveryId: z.number().int(),
  lastStatus: z.number().int(),
  lastCreated: z.string(),
});
export type HistoryEvent = z.infer<typeof HistoryEventSchema>;

export const ResendOutcomeSchema = z.object({
  id: z.number().int(),
  /** `unknown`: the resend's answer timed out and checking could not tell whether it got through. */
  kind: z.enum(['delivered', 'refused', 'no-webhook', 'not-found', 'not-logged', 'unknown', 'failed']),
  message: z.string(),
  delivery: WebhookDeliverySchema.nullable(),
});
export type ResendOutcomeView = z.infer<typeof ResendOutcomeSchema>;

export const BulkResendSummarySchema = z.object({
  jobId: z.string(),
  total: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  byKind: z.record(z.string(), z.number().int()),
  /** At most 100 outcomes that were not delivered, to explain them. */
  problems: z.array(ResendOutcomeSchema),
});
export type BulkResendSummary = z.infer<typeof BulkResendSummarySchema>;

export const RECONCILE_CATEGORIES = ['received', 'lost', 'handler-failed', 'unlogged', 'not-in-history'] as const;
export const ReconcileCategorySchema = z.enum(RECONCILE_CATEGORIES);

export const ReconcileItemSchema = z.object({
  category: ReconcileCategorySchema,
  historyId: z.number().int().nullable(),
  eventId: z.number().int().nullable(),
  receivedId: z.number().int().nullable(),
  matchedBy: z.enum(['event-id', 'payload']).nullable(),
  at: z.string(),
});
export type ReconcileItemView = z.infer<typeof ReconcileItemSchema>;

export const MissedWindowSchema = z.object({
  fromId: z.number().int(),
  toId: z.number().int(),
  from: z.string(),
  to: z.string(),
  deliveries: z.number().int(),
  eventIds: z.array(z.number().int()),
});
export type MissedWindowView = z.infer<typeof MissedWindowSchema>;

export const ReconciliationViewSchema = z.object({
  environmentId: z.string(),
  computedAt: z.string(),
  durationMs: z.number(),
  counts: z.record(ReconcileCategorySchema, z.number().int()),
  totalItems: z.number().int(),
  items: z.array(ReconcileItemSchema),
  windows: z.array(MissedWindowSchema),
  /** Received deliveries verified by another environment's key, per key, with why they do not count here. */
  leftOut: z.array(
    z.object({ keyId: z.string(), deliveries: z.number().int(), historyDeliveries: z.number().int(), message: z.string() }),
  ),
});
export type ReconciliationView = z.infer<typeof ReconciliationViewSchema>;

export const DiffSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('history'), id: z.number().int() }).strict(),
  z.object({ kind: z.literal('received'), id: z.number().int() }).strict(),
]);
export type DiffSource = z.infer<typeof DiffSourceSchema>;

const DiffSideSchema = z.object({
  label: z.string(),
  /** The body as text, exactly as stored (decoded as UTF-8). */
  raw: z.string(),
  /** Keys sorted and indented, for the JSON-aware diff; equals `raw` when it is not JSON. */
  canonical: z.string(),
  json: z.boolean(),
});

export const DiffResultSchema = z.object({
  left: DiffSideSchema,
  right: DiffSideSchema,
  verdict: z.enum(['identical', 'whitespace-only', 'differs']),
  changes: z.array(
    z.object({ path: z.string(), kind: z.enum(['added', 'removed', 'changed']), left: z.unknown(), right: z.unknown() }),
  ),
});
export type DiffResult = z.infer<typeof DiffResultSchema>;

const Id = z.object({ id: z.number().int() }).strict();
const Concurrency = z.number().int().min(1).max(16).default(4);
const JobId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export const historyCalls = {
  'history.summary': defineCall(
    'The active environment and its local history copy: cursor, deliveries, events, pending events, in flight.',
    NoArgs,
    HistorySummarySchema,
  ),
  'history.query': defineCall(
    'List deliveries from the service with server-side filters (Sieve grammar), sorts and paging; warns about slow filters.',
    z
      .object({
        filters: z.string().max(2000).default(''),
        sorts: z.string().max(200).default(''),
        page: z.number().int().default(1),
        pageSize: z.number().int().default(50),
      })
      .strict(),
    z.object({ deliveries: z.array(WebhookDeliverySchema), totalCount: z.number().int(), warning: z.string().nullable() }),
  ),
  'history.get': defineCall('One delivery from the service (also refreshes the local copy).', Id, WebhookDeliverySchema),
  'history.local': defineCall(
    'Deliveries of the local copy in id order after `afterId`, optionally of one event.',
    z
      .object({
        afterId: z.number().int().default(0),
        limit: z.number().int().min(1).max(1000).default(100),
        eventId: z.number().int().optional(),
      })
      .strict(),
    z.object({ deliveries: z.array(WebhookDeliverySchema) }),
  ),
  'history.events': defineCall(
    'Deliveries of the local copy grouped by eventId, newest first; pending = none delivered.',
    z
      .object({
        pendingOnly: z.boolean().default(false),
        offset: z.number().int().min(0).default(0),
        limit: z.number().int().min(1).max(1000).default(100),
      })
      .strict(),
    z.object({ total: z.number().int(), pendingEvents: z.number().int(), events: z.array(HistoryEventSchema) }),
  ),
  'history.byEventType': defineCall(
    'Per event type in the local copy: events the service delivered (an attempt answered 2xx) and events it has not, most events first.',
    NoArgs,
    z.object({ types: z.array(z.object({ eventType: z.string(), delivered: z.number().int(), failed: z.number().int() })) }),
  ),
  'history.pollNow': defineCall(
    'Run one poll cycle now and say what it changed.',
    NoArgs,
    z.object({ inserted: z.number().int(), updated: z.number().int(), pages: z.number().int(), error: z.string().nullable() }),
  ),
  'history.resend': defineCall('Resend one delivery (or an event, by its event id) and explain the outcome.', Id, ResendOutcomeSchema),
  'history.resendMany': defineCall(
    'Resend deliveries with bounded concurrency; progress comes as history.resendProgress events with the same jobId.',
    z.object({ ids: z.array(z.number().int()).min(1).max(100_000), concurrency: Concurrency, jobId: JobId.optional() }).strict(),
    BulkResendSummarySchema,
  ),
  'history.resendPending': defineCall(
    'Resend every pending event of the local copy with bounded concurrency (progress as history.resendProgress); with `since`, only events first logged at or after it.',
    z.object({ concurrency: Concurrency, jobId: JobId.optional(), since: z.iso.datetime().optional() }).strict(),
    BulkResendSummarySchema,
  ),
  'history.reconcile': defineCall(
    'Match history deliveries to received ones (by event id, else payload): counts, a page of items, missed windows.',
    z
      .object({
        since: z.iso.datetime().optional(),
        category: ReconcileCategorySchema.optional(),
        offset: z.number().int().min(0).default(0),
        limit: z.number().int().min(0).max(1000).default(100),
        /** Recompute instead of paging the last result. */
        refresh: z.boolean().default(true),
      })
      .strict(),
    ReconciliationViewSchema,
  ),
  'history.diff': defineCall(
    'Compare two bodies (received or history): byte-exact verdict, then a JSON-aware list of changes and texts for the diff editor.',
    z.object({ left: DiffSourceSchema, right: DiffSourceSchema }).strict(),
    DiffResultSchema,
  ),
  'history.arrivals': defineCall(
    'Deliveries the listener received for one event id (to diff them against the history payload).',
    z.object({ eventId: z.number().int() }).strict(),
    z.object({
      arrivals: z.array(
        z.object({
          id: z.number().int(),
          receivedAt: z.string(),
          bodySize: z.number().int(),
          /** The logged delivery (original or resend) this arrival is, by time; null when none accounts for it. */
          deliveryId: z.number().int().nullable(),
        }),
      ),
    }),
  ),
  'history.testConnection': defineCall(
    'Fetch a token and one page from an environment (the active one by default) and say whether it works.',
    z.object({ environmentId: z.string().optional() }).strict(),
    z.object({ ok: z.boolean(), message: z.string() }),
  ),
} as const;

export const historyEvents = {
  'history.updated': defineEvent(
    'The local history copy changed (batched): how many deliveries were inserted or updated, and the pending count.',
    z.object({
      environmentId: z.string(),
      inserted: z.number().int(),
      updated: z.number().int(),
      maxId: z.number().int(),
      pendingEvents: z.number().int(),
    }),
  ),
  'history.resendProgress': defineEvent(
    'Progress of a bulk resend.',
    z.object({
      jobId: z.string(),
      done: z.number().int(),
      total: z.number().int(),
      delivered: z.number().int(),
      failed: z.number().int(),
    }),
  ),
} as const;
