import { z } from 'zod';
import { defineCall, defineEvent, NoArgs } from './define';
import { WebhookDeliverySchema } from '../service/webhooks';
import { UNPAIRED_CAUSES } from '../history/delivery-urls';
import { JobIdSchema, JobStateSchema } from './jobs';

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

/** Most brief outcomes a bulk resend's summary lists (a line each, about 100 bytes). */
export const MAX_BRIEF_OUTCOMES = 10_000;

export const BulkResendSummarySchema = z.object({
  jobId: JobIdSchema,
  /** How the job ended (cancelled: only what it had started was sent; history.resendResume sends the rest). */
  state: JobStateSchema,
  finishedAt: z.string(),
  total: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  byKind: z.record(z.string(), z.number().int()),
  /** At most 100 outcomes that were not delivered, to explain them. */
  problems: z.array(ResendOutcomeSchema),
  /** Each outcome in brief, in the order they finished (the first MAX_BRIEF_OUTCOMES): what `hooklab resend --pending` prints. */
  outcomes: z.array(ResendOutcomeSchema.pick({ id: true, kind: true, message: true })),
});
export type BulkResendSummary = z.infer<typeof BulkResendSummarySchema>;

/** Where the service sent deliveries in the local copy of history, per URL (history.deliveryUrls). */
export const DeliveryUrlsSchema = z.object({
  publicUrl: z.string().nullable(),
  urls: z.array(
    z.object({
      url: z.string(),
      deliveries: z.number().int(),
      delivered: z.number().int(),
      failed: z.number().int(),
      lastCreated: z.string(),
      lastStatus: z.number().int(),
      /** This Hooklab's public URL (or, with the sandbox, its listener's loopback address). */
      current: z.boolean(),
    }),
  ),
});
export type DeliveryUrls = z.infer<typeof DeliveryUrlsSchema>;

/**
 * Deliveries whose events never arrived here though the service sent them: to URLs that are
 * not this Hooklab's (`other-url`), or to this Hooklab's with a 2xx that something between
 * answered in its place (`answered-by-another`: the service will not retry them).
 */
export const SentElsewhereSchema = z.object({
  publicUrl: z.string().nullable(),
  groups: z.array(
    z.object({
      cause: z.enum(['other-url', 'answered-by-another']),
      url: z.string(),
      deliveries: z.number().int(),
      /** When the first of them was logged. */
      since: z.string(),
      /** Their events, to resend exactly those. */
      eventIds: z.array(z.number().int()),
    }),
  ),
});
export type SentElsewhere = z.infer<typeof SentElsewhereSchema>;

export const RECONCILE_CATEGORIES = ['received', 'lost', 'handler-failed', 'refused-by-handler', 'unlogged', 'not-in-history'] as const;
export const ReconcileCategorySchema = z.enum(RECONCILE_CATEGORIES);

export const ReconcileItemSchema = z.object({
  category: ReconcileCategorySchema,
  historyId: z.number().int().nullable(),
  eventId: z.number().int().nullable(),
  receivedId: z.number().int().nullable(),
  matchedBy: z.enum(['event-id', 'payload']).nullable(),
  at: z.string(),
  /** Why a lost delivery was not paired: where the service really sent it, or what broke. */
  cause: z.enum(UNPAIRED_CAUSES).nullable(),
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
/** Resends started per second at most; the service's rate limits are not published, so 5/s unless told. */
const RatePerSecond = z.number().min(0.1).max(100);
export const DEFAULT_RESEND_RATE = 5;

/** Which deliveries of the local copy a bulk resend takes, by the delivery-history API's own fields (interface 2.9). */
export const ResendWhereSchema = z
  .object({
    eventType: z.string().min(1).max(100).optional(),
    delivered: z.boolean().optional(),
    /** One response status, or a range (both ends included). */
    status: z.union([z.number().int().min(0).max(999), z.object({ from: z.number().int().min(0).max(999), to: z.number().int().min(0).max(999) }).strict()]).optional(),
    createdFrom: z.iso.datetime().optional(),
    createdTo: z.iso.datetime().optional(),
    /** Part of the URL the delivery was sent to (contains, letter case ignored). */
    url: z.string().min(1).max(2000).optional(),
    /** Only events none of whose deliveries was delivered (pending, grouped by event id: interface 4.9). */
    pendingOnly: z.boolean().optional(),
  })
  .strict();
export type ResendWhere = z.infer<typeof ResendWhereSchema>;

/** What a bulk resend by fields would do: deliveries and events matched, resends it makes (one per event). */
export const ResendEstimateSchema = z.object({ deliveries: z.number().int(), events: z.number().int(), resends: z.number().int() });
export type ResendEstimate = z.infer<typeof ResendEstimateSchema>;

export const historyCalls = {
  'history.summary': defineCall(
    'The active environment and its local history copy: cursor, deliveries, events, pending events, in flight.',
    NoArgs,
    HistorySummarySchema,
    { readOnly: true },
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
    { readOnly: true },
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
    { readOnly: true },
  ),
  'history.events': defineCall(
    'Deliveries of the local copy grouped by eventId, newest first; pending = none delivered; with createdFromMs and createdToMs, only events with a delivery created in [createdFromMs, createdToMs).',
    z
      .object({
        pendingOnly: z.boolean().default(false),
        createdFromMs: z.number().int().min(0).optional(),
        createdToMs: z.number().int().min(0).optional(),
        offset: z.number().int().min(0).default(0),
        limit: z.number().int().min(1).max(1000).default(100),
      })
      .strict(),
    z.object({ total: z.number().int(), pendingEvents: z.number().int(), events: z.array(HistoryEventSchema) }),
    { readOnly: true },
  ),
  'history.activity': defineCall(
    'Deliveries of the local history copy per time slice of their created time in [fromMs, toMs) (default: the last hour): delivered, failed, in flight; counted in the database, at most 120 slices of whole minutes, empty slices left out.',
    z
      .object({ fromMs: z.number().int().min(0).optional(), toMs: z.number().int().min(0).optional() })
      .strict()
      .refine((a) => a.fromMs === undefined || a.toMs === undefined || (a.fromMs < a.toMs && a.toMs - a.fromMs <= 31 * 24 * 3_600_000), {
        message: 'fromMs must be before toMs, at most 31 days apart',
      }),
    z.object({
      fromMs: z.number().int(),
      toMs: z.number().int(),
      bucketMs: z.number().int(),
      buckets: z.array(z.object({ startMs: z.number().int(), delivered: z.number().int(), failed: z.number().int(), inFlight: z.number().int() })),
    }),
  ),
  'history.byEventType': defineCall(
    'Per event type in the local copy: events the service delivered (an attempt answered 2xx) and events it has not, most events first.',
    NoArgs,
    z.object({ types: z.array(z.object({ eventType: z.string(), delivered: z.number().int(), failed: z.number().int() })) }),
    { readOnly: true },
  ),
  'history.pollNow': defineCall(
    'Run one poll cycle now and say what it changed.',
    NoArgs,
    z.object({ inserted: z.number().int(), updated: z.number().int(), pages: z.number().int(), error: z.string().nullable() }),
    { longRunning: true },
  ),
  // Every resend makes the service deliver again on the active environment (possibly
  // production, to the store's real handlers): destructive, as nothing takes it back.
  'history.resend': defineCall('Resend one delivery (or an event, by its event id) and explain the outcome.', Id, ResendOutcomeSchema, { destructive: true }),
  'history.resendMany': defineCall(
    'Resend deliveries with bounded concurrency (and a rate, if given) as a job; progress comes as job.progress with the same jobId (choose it to follow the job from its start). Answers when the job ends.',
    z
      .object({ ids: z.array(z.number().int()).min(1).max(100_000), concurrency: Concurrency, ratePerSecond: RatePerSecond.optional(), jobId: JobIdSchema.optional() })
      .strict(),
    BulkResendSummarySchema,
    { longRunning: true, destructive: true },
  ),
  'history.resendPending': defineCall(
    'Resend every pending event of the local copy with bounded concurrency as a job (progress as job.progress); with `since`, only events first logged at or after it. Answers when the job ends.',
    z.object({ concurrency: Concurrency, ratePerSecond: RatePerSecond.optional(), jobId: JobIdSchema.optional(), since: z.iso.datetime().optional() }).strict(),
    BulkResendSummarySchema,
    { longRunning: true, destructive: true },
  ),
  'history.resendWhere': defineCall(
    'Resend, once per event, the deliveries of the local copy that match `where` (the newest matching delivery of each event), at `ratePerSecond` (default 5). With dryRun: the estimate, nothing sent. Otherwise answers { jobId } (with the estimate it runs) at once; follow it with jobs.get / job.progress, cancel with jobs.cancel, continue a cancelled one with history.resendResume. Refused (conflict, naming it) while another running job resends any of the same deliveries.',
    z
      .object({
        where: ResendWhereSchema,
        dryRun: z.boolean().default(false),
        ratePerSecond: RatePerSecond.default(DEFAULT_RESEND_RATE),
        concurrency: Concurrency,
        jobId: JobIdSchema.optional(),
      })
      .strict(),
    // The job's variant first: a union of plain objects keeps the first that parses, which would drop jobId.
    z.union([ResendEstimateSchema.extend({ jobId: JobIdSchema }), ResendEstimateSchema]),
    { destructive: true },
  ),
  'history.resendResume': defineCall(
    'Continue a cancelled bulk resend (also one cancelled before a restart: jobs.list reports it) as a new job: only the resends it had not started (none is sent twice), without the events delivered since it was cancelled (in the history copy or received here; `skipped` counts them). The old job is resumable no more. Answers { jobId } at once; `newJobId` chooses the new job\'s id to follow it from its start.',
    z.object({ jobId: JobIdSchema, ratePerSecond: RatePerSecond.optional(), newJobId: JobIdSchema.optional() }).strict(),
    z.object({ jobId: JobIdSchema, resends: z.number().int(), skipped: z.number().int() }),
    { destructive: true },
  ),
  'history.deliveryUrls': defineCall(
    'Where the service sent its deliveries (local copy of history), per URL, and whether each is this Hooklab\'s public URL (compared as the service does: spaces and letter case ignored).',
    z.object({ since: z.iso.datetime().optional() }).strict(),
    DeliveryUrlsSchema,
    { readOnly: true },
  ),
  'history.sentElsewhere': defineCall(
    'Deliveries of the local copy sent since `since` to a URL that is not this Hooklab\'s, whose events never arrived here, per URL: what the History and Live banner offers to resend.',
    z.object({ since: z.iso.datetime() }).strict(),
    SentElsewhereSchema,
    { readOnly: true },
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
    { readOnly: true },
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
    { readOnly: true },
  ),
  'history.testConnection': defineCall(
    'Fetch a token and one page from an environment (the active one by default) and say whether it works.',
    z.object({ environmentId: z.string().optional() }).strict(),
    z.object({ ok: z.boolean(), message: z.string() }),
  ),
} as const;

export const historyEvents = {
  'history.resendOutcome': defineEvent(
    "One resend of a bulk resend job finished: its outcome in brief (what `hooklab resend --where` prints as it goes).",
    z.object({ jobId: JobIdSchema, outcome: ResendOutcomeSchema.pick({ id: true, kind: true, message: true }) }),
  ),
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
} as const;
