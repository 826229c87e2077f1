/**
 * Calls and events of the Live area (listener, forwarding, tunnel). Owned by the live feature.
 */
import { z } from 'zod';
import { PUBLIC_URL_REACHES } from '../net/public-url-words';
import { defineCall, defineEvent, NoArgs, Ok } from './define';
import { JobIdSchema } from './jobs';

export const SIGNATURE_OUTCOMES = ['valid', 'invalid', 'missing', 'no-key', 'unverifiable'] as const;
export const SignatureOutcomeSchema = z.enum(SIGNATURE_OUTCOMES);

export const DIAGNOSIS_KINDS = ['earlier-key', 'hex-encoded', 're-serialised', 'body-truncated', 'body-cut-off', 'body-changed', 'wrong-key', 'repeated-header', 'sent-by-agent'] as const;

export const SignatureDiagnosisSchema = z.object({
  kind: z.enum(DIAGNOSIS_KINDS),
  message: z.string(),
});

/** What one local handler answered (or the connection error). */
export const ForwardResultSchema = z.object({
  target: z.string(),
  status: z.number().int().nullable(),
  headers: z.array(z.tuple([z.string(), z.string()])),
  /** Response body as text, capped. */
  body: z.string().nullable(),
  latencyMs: z.number().nullable(),
  error: z.string().nullable(),
  /** The W3C trace id of the `traceparent` this forward carried (null: forwarded before tracing existed). */
  traceId: z.string().nullable(),
});
export type ForwardResult = z.infer<typeof ForwardResultSchema>;

/** The short form of a forward outcome shown in the table's "handler" column. */
export const HandlerSummarySchema = z.object({
  targets: z.number().int(),
  failed: z.number().int(),
  /** Status of the first target, or null on a connection error. */
  firstStatus: z.number().int().nullable(),
  firstError: z.string().nullable(),
});
export type HandlerSummary = z.infer<typeof HandlerSummarySchema>;

/** One received delivery without its body: what the table lists. */
export const DeliverySummarySchema = z.object({
  id: z.number().int(),
  receivedAt: z.string(),
  method: z.string(),
  path: z.string(),
  /** The declared size (Content-Length) when known, else the bytes received. */
  bodySize: z.number().int(),
  /** The body is not whole (see truncation); the stored body and its SHA-256 are of what was kept. */
  truncated: z.boolean(),
  /** over-limit: 413, only a prefix kept; cut-off: the body stopped arriving (sender gone or too slow). */
  truncation: z.enum(['over-limit', 'cut-off']).nullable(),
  eventId: z.number().int().nullable(),
  eventCreated: z.string().nullable(),
  eventType: z.string().nullable(),
  level: z.string().nullable(),
  orderType: z.string().nullable(),
  orderId: z.string().nullable(),
  orderReference: z.string().nullable(),
  signature: SignatureOutcomeSchema,
  signatureKeyId: z.string().nullable(),
  diagnosis: SignatureDiagnosisSchema.nullable(),
  /**
   * A key was configured and this delivery did not verify. It is kept apart: its duplicate and
   * attempt chain is that of other unverified deliveries, never of verified ones.
   */
  unverified: z.boolean(),
  /** Id of the first delivery of the same event (or same payload without an event id) and of the same kind (verified or not). */
  duplicateOf: z.number().int().nullable(),
  outOfOrder: z.boolean(),
  answeredStatus: z.number().int().nullable(),
  handler: HandlerSummarySchema.nullable(),
  /** Why a delivery has no event type (set only then): what its body is. */
  bodyKind: z.enum(['empty', 'not-utf8', 'not-json', 'json-without-type']).optional(),
  /** Set only on a request imported from a file (a HAR or a bundle): never received by the listener. */
  imported: z.object({ importId: z.number().int(), fileName: z.string() }).optional(),
});
export type DeliverySummary = z.infer<typeof DeliverySummarySchema>;

/** Most body bytes one call returns (live.get's first part, live.body's ranges). */
export const MAX_BODY_RANGE_BYTES = 8 * 1024 * 1024;

/** Everything about one delivery, fetched on selection. */
export const DeliveryDetailSchema = z.object({
  summary: DeliverySummarySchema,
  /** Every header as received: name (original case), value; order and repeats kept. */
  headers: z.array(z.tuple([z.string(), z.string()])),
  /** The raw body bytes, Base64: all of them, or the first `bodyBytes` asked for (see live.body for the rest). */
  bodyBase64: z.string(),
  /** Those bytes as text when the whole body is valid UTF-8, else null (the UI shows hex). */
  bodyText: z.string().nullable(),
  /** How many bytes the stored body has (bodyBase64 may hold fewer). */
  bodyStoredBytes: z.number().int(),
  bodySha256: z.string(),
  forwards: z.array(ForwardResultSchema),
});
export type DeliveryDetail = z.infer<typeof DeliveryDetailSchema>;

const ListArgsSchema = z
  .object({
    /** Return deliveries with an id below this one (newest first paging); omit for the newest. */
    beforeId: z.number().int().positive().optional(),
    limit: z.number().int().min(1).max(20_000).default(1000),
  })
  .strict();

const ExportArgsSchema = z
  .object({
    /** Export these deliveries; omit for all (paged with afterId). */
    ids: z.array(z.number().int().positive()).max(20_000).optional(),
    afterId: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(5_000).default(2_000),
  })
  .strict();

/** One end-to-end probe of the public URL: did a request sent there reach this Hooklab? */
export const ProbeResultSchema = z.object({
  reachable: z.boolean(),
  publicUrl: z.string().nullable(),
  latencyMs: z.number().nullable(),
  /**
   * Why not, in words a user acts on (DNS, the tunnel server's status, a timeout, another
   * program, TLS; or that only this machine or its network can reach the address).
   */
  error: z.string().nullable(),
  checkedAt: z.string(),
  /** Who can reach the URL, from its host (null: no URL): only `public` is reachable by the service. */
  reach: z.enum(PUBLIC_URL_REACHES).nullable(),
});
export type ProbeResult = z.infer<typeof ProbeResultSchema>;

/** The activity strip's range: epoch milliseconds, at most 31 days wide. */
const ActivityArgsSchema = z
  .object({
    fromMs: z.number().int().min(0).optional(),
    toMs: z.number().int().min(0).optional(),
  })
  .strict()
  .refine((a) => a.fromMs === undefined || a.toMs === undefined || (a.fromMs < a.toMs && a.toMs - a.fromMs <= 31 * 24 * 3_600_000), {
    message: 'fromMs must be before toMs, at most 31 days apart',
  });

export const ActivityBucketSchema = z.object({
  startMs: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  missing: z.number().int(),
  /** no-key and unverifiable. */
  other: z.number().int(),
  /** Deliveries a forward target answered non-2xx or not at all. */
  handlerFailed: z.number().int(),
});
export type ActivityBucket = z.infer<typeof ActivityBucketSchema>;

export const ActivitySchema = z.object({
  fromMs: z.number().int(),
  toMs: z.number().int(),
  bucketMs: z.number().int(),
  buckets: z.array(ActivityBucketSchema),
});
export type Activity = z.infer<typeof ActivitySchema>;

/** The longest one live.waitForDelivery holds (MCP's wait_for_delivery; the terminal calls again for longer). */
export const MAX_DELIVERY_WAIT_MS = 60_000;
export const DEFAULT_DELIVERY_WAIT_MS = 30_000;
/** How many of the deliveries that did not match a wait lists (with their count). */
export const WAIT_ARRIVED_LIMIT = 20;

export const WaitForDeliveryArgsSchema = z
  .object({
    type: z.string().min(1).max(100).optional(),
    orderId: z.string().min(1).max(200).optional(),
    eventId: z.number().int().positive().optional(),
    /** Stored at or after this time; default: the call. */
    since: z.iso.datetime({ offset: true }).optional(),
    timeoutMs: z.number().int().min(1).max(MAX_DELIVERY_WAIT_MS).default(DEFAULT_DELIVERY_WAIT_MS),
  })
  .strict();

export const WaitForDeliveryResultSchema = z.object({
  /** The first matching delivery stored since `since`; null: none in `timeoutMs`. */
  match: DeliverySummarySchema.nullable(),
  since: z.string(),
  waitedMs: z.number().int(),
  /** What was stored since `since` and did not match, oldest first (at most 20). */
  arrived: z.array(DeliverySummarySchema),
  arrivedCount: z.number().int(),
});
export type WaitForDeliveryResult = z.infer<typeof WaitForDeliveryResultSchema>;

export const liveCalls = {
  'live.list': defineCall(
    'Delivery summaries (no bodies), newest first, a page at a time; total counts all stored.',
    ListArgsSchema,
    z.object({ rows: z.array(DeliverySummarySchema), total: z.number().int(), nextBeforeId: z.number().int().nullable() }),
    { readOnly: true },
  ),
  'live.get': defineCall(
    'One delivery with headers, raw body (or its first bodyBytes, cut at a character boundary when it is text), verification and forward results.',
    z.object({ id: z.number().int().positive(), bodyBytes: z.number().int().min(1).max(MAX_BODY_RANGE_BYTES).optional() }).strict(),
    DeliveryDetailSchema,
    { readOnly: true },
  ),
  'live.body': defineCall(
    'A byte range of one stored body, Base64 (a large body is opened in parts).',
    z
      .object({ id: z.number().int().positive(), offset: z.number().int().min(0), length: z.number().int().min(1).max(MAX_BODY_RANGE_BYTES) })
      .strict(),
    z.object({ bodyBase64: z.string(), offset: z.number().int(), storedBytes: z.number().int() }),
    { readOnly: true },
  ),
  'live.export': defineCall(
    'NDJSON lines (one delivery each, body Base64) for the given ids or a page of all, oldest first; a page stops at `limit` rows or about 16 MB, whichever comes first (nextAfterId continues it). `total`: deliveries the whole export holds, for progress.',
    ExportArgsSchema,
    z.object({ ndjson: z.string(), count: z.number().int(), nextAfterId: z.number().int().nullable(), total: z.number().int() }),
    { readOnly: true },
  ),
  'live.exportAll': defineCall(
    'Export every stored delivery (or the given ids: a filtered view) as NDJSON in a job (`live.export` kind): answers `{ jobId }` at once; jobs.get follows it, jobs.cancel stops it; when it is done, live.exportResult reads the file it made, part by part. Deliveries that arrive meanwhile are not in it. One export runs at a time: asked again for the same deliveries while it runs, it answers the running export\'s jobId; for other deliveries it is refused (conflict) naming the running one.',
    z.object({ ids: z.array(z.number().int().positive()).max(100_000).optional() }).strict(),
    z.object({ jobId: JobIdSchema, total: z.number().int() }),
  ),
  'live.exportResult': defineCall(
    'A part of a finished live.exportAll job\'s NDJSON, from byte `offset`: whole lines, about 16 MB at most; `nextOffset` null at the end. Kept while the job is listed by jobs.list (the latest few exports).',
    z.object({ jobId: JobIdSchema, offset: z.number().int().min(0).default(0) }).strict(),
    z.object({ ndjson: z.string(), nextOffset: z.number().int().nullable(), bytes: z.number().int(), count: z.number().int() }),
  ),
  'live.search': defineCall(
    'Ids of the deliveries whose headers or body contain the search (full-text, words and prefixes), newest first; answered at once from what is indexed, `indexing` saying how many stored deliveries (a burst) it does not cover yet.',
    z.object({ query: z.string().max(1000), limit: z.number().int().min(1).max(100_000).default(20_000) }).strict(),
    z.object({ ids: z.array(z.number().int()), more: z.boolean(), indexing: z.number().int().default(0) }),
    { readOnly: true },
  ),
  'live.activity': defineCall(
    'Deliveries received per time slice in [fromMs, toMs) (default: the last hour), by signature verdict, with how many a forward target failed; counted in the database, at most 120 slices of whole minutes, empty slices left out.',
    ActivityArgsSchema,
    ActivitySchema,
    { readOnly: true },
  ),
  'live.waitForDelivery': defineCall(
    'Wait for the first delivery matching type, orderId and eventId that the listener stores at or after `since` (default: now): answered as soon as the listener\'s batch is committed; after timeoutMs (at most 60 s) answers match null with what arrived meanwhile. Already stored deliveries since `since` count.',
    WaitForDeliveryArgsSchema,
    WaitForDeliveryResultSchema,
    // Holds up to a minute: no 30 s client deadline.
    { readOnly: true, longRunning: true },
  ),
  'live.clear': defineCall('Delete every received delivery and its forward results.', NoArgs, Ok, { destructive: true }),
  'live.addKey': defineCall(
    'Store a webhook signing key, accepted for verification; with makeCurrent (default) it becomes the current key (what Replay, the handler check and the CLI sign with), else it goes after the others.',
    z
      .object({
        label: z.string().max(100).default(''),
        value: z.string().min(1).max(4096),
        environmentId: z.string().min(1).max(64).nullable().default(null),
        makeCurrent: z.boolean().default(true),
      })
      .strict(),
    z.object({ ok: z.literal(true), notice: z.string().nullable().default(null) }),
  ),
  'live.setKeyEnvironment': defineCall(
    'Say which environment signs with a key (null: not known); reconciliation then leaves out what it verified for other environments.',
    z.object({ id: z.string().min(1).max(64), environmentId: z.string().min(1).max(64).nullable() }).strict(),
    Ok,
  ),
  'live.setKeyAccepted': defineCall(
    'Keep accepting an earlier key during a rotation, or retire it (it then only explains failures).',
    z.object({ id: z.string().min(1).max(64), accepted: z.boolean() }).strict(),
    Ok,
  ),
  'live.removeKey': defineCall(
    'Forget a webhook signing key (metadata and secret).',
    z.object({ id: z.string().min(1).max(64) }).strict(),
    Ok,
    { destructive: true },
  ),
  'live.reconnectTunnel': defineCall('Close and reopen the tunnel now.', NoArgs, Ok),
  'live.probePublicUrl': defineCall(
    'Send a signed one-time probe to the public URL (tunnel or own URL) now and say whether it came back to this listener, how fast, or why not.',
    NoArgs,
    ProbeResultSchema,
  ),
} as const;

export const liveEvents = {
  'live.received': defineEvent(
    'New deliveries were stored (one event per committed batch).',
    z.object({ deliveries: z.array(DeliverySummarySchema) }),
  ),
  'live.forwarded': defineEvent(
    'Forward results of one delivery arrived.',
    z.object({ id: z.number().int(), handler: HandlerSummarySchema, answeredStatus: z.number().int().nullable() }),
  ),
  'live.cleared': defineEvent('Every received delivery was deleted.', z.object({})),
  'live.removed': defineEvent(
    'Retention removed the oldest received deliveries: every one with an id below keptFromId is gone (null: none received is left). Imported rows stay: retention never removes them.',
    z.object({ keptFromId: z.number().int().nullable() }),
  ),
} as const;
