/**
 * Calls and events of the Replay area: drafts, local re-signing, replay to the user's handlers,
 * the replay history with its diff, targets, the handler check, exports and fixtures.
 *
 * Keys never cross this contract: a key is named by its id and label, and the core signs.
 *
 * Two Live-detail actions need no call of their own:
 * - "Resend from the service": `history.resend({ id: eventId })` (the delivery's event id is the
 *   id of its original history delivery, docs/service.md#webhook-delivery), outcome explained as in History.
 * - "Diff against history": `history.local({ eventId, limit: 1 })` finds the history delivery,
 *   then `history.diff({ left: { kind: 'received', id }, right: { kind: 'history', id } })`.
 */
import { z } from 'zod';
import { defineCall, defineEvent, NoArgs, Ok } from './define';
import { DiffResultSchema } from './history';
import { JobIdSchema } from './jobs';
import { CHECK_IDS, TAMPER_PRESETS, REPLAY_METHODS, DEFAULT_REPLAY_METHOD } from '../replay/vocabulary';

export { CHECK_IDS, TAMPER_PRESETS, REPLAY_METHODS, DEFAULT_REPLAY_METHOD, type CheckId, type TamperPreset, type ReplayMethod } from '../replay/vocabulary';

export const CheckIdSchema = z.enum(CHECK_IDS);

export const TamperPresetSchema = z.enum(TAMPER_PRESETS);

/** The body as the editor holds it: text sent as its UTF-8 bytes, or exact bytes (non-UTF-8 originals). */
export const ReplayBodySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string() }).strict(),
  z.object({ kind: z.literal('bytes'), base64: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/) }).strict(),
]);
export type ReplayBody = z.infer<typeof ReplayBodySchema>;

const HeaderName = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,200}$/, 'not a valid header name');
/** What HTTP/1.1 (and Node) can carry in a header value: tab, printable ASCII and Latin-1, no line breaks. */
const HeaderValue = z
  .string()
  .max(8192)
  .regex(/^[\t\x20-\x7e\x80-\xff]*$/, 'a header value can hold only printable ASCII or Latin-1 characters, no line breaks');
export const HeaderPairSchema = z.tuple([z.string(), z.string()]);

/**
 * How the request's headers are built. X-Svc-Hmac-Sha256 is always computed by the core (or
 * left out by `removed` / the missing-signature preset); Content-Length and Host are set per
 * connection.
 */
export const HeadersSpecSchema = z
  .object({
    /** keep: the original's id (none when the source had none, as an unlogged delivery: docs/service.md#unlogged-deliveries); new: a fresh unique id per send; typed: this value. */
    eventId: z.discriminatedUnion('mode', [
      z.object({ mode: z.literal('keep') }).strict(),
      z.object({ mode: z.literal('new') }).strict(),
      z.object({ mode: z.literal('typed'), value: HeaderValue.min(1) }).strict(),
    ]),
    /** keep: the original's time; now: the time of sending; chosen: this ISO 8601 time. */
    eventCreated: z.discriminatedUnion('mode', [
      z.object({ mode: z.literal('keep') }).strict(),
      z.object({ mode: z.literal('now') }).strict(),
      z.object({ mode: z.literal('chosen'), value: HeaderValue.min(1) }).strict(),
    ]),
    contentType: HeaderValue.default('application/json'),
    /** Defaults to the service's User-Agent (as the sandbox sends it). */
    userAgent: HeaderValue.default('Hooklab-Sandbox/1.0'),
    /** Extra headers, sent after the standard ones, in this order (repeats allowed). */
    extra: z.array(z.tuple([HeaderName, HeaderValue])).max(100).default([]),
    /** Header names (any case) to leave out, standard ones included (e.g. `x-svc-event-id`). */
    removed: z.array(HeaderName).max(100).default([]),
  })
  .strict();
export type HeadersSpec = z.infer<typeof HeadersSpecSchema>;

/** Which key signs: a listener key (Settings → Listener) or a throwaway key added in Replay. */
export const KeyChoiceSchema = z.discriminatedUnion('kind', [
  /** The listener's current key (the first one). */
  z.object({ kind: z.literal('current') }).strict(),
  z.object({ kind: z.literal('listener'), id: z.string().min(1).max(64) }).strict(),
  z.object({ kind: z.literal('throwaway'), id: z.string().min(1).max(64) }).strict(),
]);
export type KeyChoice = z.infer<typeof KeyChoiceSchema>;


/** Everything that decides the bytes and headers of a replay (what the editor edits). */
export const ReplayRequestSpecSchema = z
  .object({
    method: z.enum(REPLAY_METHODS).default(DEFAULT_REPLAY_METHOD),
    body: ReplayBodySchema,
    headers: HeadersSpecSchema,
    key: KeyChoiceSchema.default({ kind: 'current' }),
    tamper: TamperPresetSchema.default('none'),
  })
  .strict();
export type ReplayRequestSpec = z.infer<typeof ReplayRequestSpecSchema>;
export type ReplayRequestSpecInput = z.input<typeof ReplayRequestSpecSchema>;

/** Where a draft's content came from; `eventId`/`eventCreated` are what "keep" sends. */
export const DraftOriginSchema = z.object({
  kind: z.enum(['received', 'history', 'template', 'fixture', 'blank']),
  /** Received delivery id, history delivery id, template event type, or fixture name. */
  ref: z.string().nullable(),
  eventId: z.string().nullable(),
  eventCreated: z.string().nullable(),
});
export type DraftOrigin = z.infer<typeof DraftOriginSchema>;

/** A draft: saved (id set) or just opened (id null, save it with replay.saveDraft). */
export const DraftSchema = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  request: ReplayRequestSpecSchema,
  /** Target URL, or null when none is chosen yet. */
  targetUrl: z.string().nullable(),
  origin: DraftOriginSchema,
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** Things the user should know (not JSON, not valid UTF-8 shown as hex, the key is gone...). */
  warnings: z.array(z.string()),
});
export type Draft = z.infer<typeof DraftSchema>;

export const DraftSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  originKind: DraftOriginSchema.shape.kind,
  eventType: z.string().nullable(),
  targetUrl: z.string().nullable(),
  bodySize: z.number().int(),
  updatedAt: z.string(),
});
export type DraftSummary = z.infer<typeof DraftSummarySchema>;

const DraftInputSchema = z
  .object({
    /** Omit (or null) to create a new draft. */
    id: z.number().int().positive().nullable().optional(),
    name: z.string().trim().min(1).max(200),
    request: ReplayRequestSpecSchema,
    targetUrl: z.string().max(2000).nullable().default(null),
    origin: DraftOriginSchema.default({ kind: 'blank', ref: null, eventId: null, eventCreated: null }),
  })
  .strict();

/** A key as the UI may see it: never its value. */
export const ReplayKeySchema = z.object({
  kind: z.enum(['listener', 'throwaway']),
  id: z.string(),
  label: z.string(),
  /** listener keys: current (first), accepted earlier key, or retired. */
  state: z.enum(['current', 'accepted', 'retired', 'throwaway']),
  /** False when the metadata remains but the secret is gone (signing with it fails clearly). */
  available: z.boolean(),
});
export type ReplayKey = z.infer<typeof ReplayKeySchema>;

/** What replay.sign answers: what would be sent, computed in the core. */
export const SignPreviewSchema = z.object({
  /** The X-Svc-Hmac-Sha256 value sent (tamper applied), or null when none is sent. */
  signature: z.string().nullable(),
  /** Every header that would be sent, in order (Content-Length and Host come per connection). */
  headers: z.array(HeaderPairSchema),
  bodySize: z.number().int(),
  /** The body's SHA-256 (hex) of the bytes that would be sent. */
  bodySha256: z.string(),
  keyLabel: z.string().nullable(),
  /** Header names whose value is minted again at each send (a new event id, now). */
  volatile: z.array(z.string()),
  /** True when the body parses as JSON; false sends anyway (with a warning). */
  json: z.boolean(),
  warnings: z.array(z.string()),
});
export type SignPreview = z.infer<typeof SignPreviewSchema>;

/** A request exactly as sent. */
export const SentRequestSchema = z.object({
  method: z.string(),
  url: z.string(),
  headers: z.array(HeaderPairSchema),
  bodyBase64: z.string(),
  /** The body as text when valid UTF-8, else null (shown as hex). */
  bodyText: z.string().nullable(),
  bodySize: z.number().int(),
  signature: z.string().nullable(),
  keyLabel: z.string().nullable(),
});
export type SentRequest = z.infer<typeof SentRequestSchema>;

/** The handler's answer: status, headers, body capped at 256 KiB, latency; 3xx kept with its Location. */
export const ReplayResponseSchema = z.object({
  status: z.number().int(),
  headers: z.array(HeaderPairSchema),
  bodyBase64: z.string(),
  bodyText: z.string().nullable(),
  /** Bytes the handler sent (may exceed what is kept). */
  bodySize: z.number().int(),
  truncated: z.boolean(),
  /** The Location of a redirect, which is never followed. */
  location: z.string().nullable(),
});
export type ReplayResponse = z.infer<typeof ReplayResponseSchema>;

export const REPLAY_STATUS_FILTERS = ['all', '2xx', '3xx', '4xx', '5xx', 'error'] as const;

/** One stored replay as the history table lists it. */
/** Where a replay was sent from: Replay in the app (or the browser host), or `hooklab replay`. */
export const REPLAY_SENT_FROM = ['app', 'cli'] as const;
export type ReplaySentFrom = (typeof REPLAY_SENT_FROM)[number];

export const ReplaySummarySchema = z.object({
  id: z.number().int(),
  sentAt: z.string(),
  /** Replays of one send (times N) share a batch id. */
  batchId: z.string(),
  draftId: z.number().int().nullable(),
  draftName: z.string().nullable(),
  method: z.string(),
  targetUrl: z.string(),
  eventId: z.string().nullable(),
  eventType: z.string().nullable(),
  tamper: TamperPresetSchema,
  bodySize: z.number().int(),
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  latencyMs: z.number().nullable(),
  sentFrom: z.enum(REPLAY_SENT_FROM),
  /** The W3C trace id of the `traceparent` this replay carried (null: sent before tracing existed). */
  traceId: z.string().nullable(),
});
export type ReplaySummary = z.infer<typeof ReplaySummarySchema>;

export const ReplayDetailSchema = z.object({
  summary: ReplaySummarySchema,
  request: SentRequestSchema,
  response: ReplayResponseSchema.nullable(),
});
export type ReplayDetail = z.infer<typeof ReplayDetailSchema>;

/** A place replays go: the listener's forward targets and Replay's own list. */
export const ReplayTargetSchema = z.object({
  /** Replay-managed targets have an id; listener forward targets have null (edit them in Settings). */
  id: z.number().int().nullable(),
  source: z.enum(['listener', 'replay']),
  url: z.string(),
  label: z.string(),
  loopback: z.boolean(),
  /** Non-loopback only: the user opted in (with their reason); replays to it are allowed. */
  optedIn: z.boolean(),
  optInReason: z.string().nullable(),
  /** Null when replays may go there; else why not (shown as is). */
  refusal: z.string().nullable(),
});
export type ReplayTarget = z.infer<typeof ReplayTargetSchema>;

export const ReplaySettingsSchema = z.object({
  timeoutMs: z.number().int().min(100).max(600_000),
  bodyCapBytes: z
    .number()
    .int()
    .min(1024)
    .max(512 * 1024 * 1024),
});
export type ReplaySettings = z.infer<typeof ReplaySettingsSchema>;
export const DEFAULT_REPLAY_SETTINGS: ReplaySettings = { timeoutMs: 10_000, bodyCapBytes: 20 * 1024 * 1024 };

/** One exchange a check made, as evidence. */
export const CheckEvidenceSchema = z.object({
  label: z.string(),
  method: z.string(),
  url: z.string(),
  requestHeaders: z.array(HeaderPairSchema),
  requestBodySize: z.number().int(),
  /** The first 512 characters of the request body. */
  requestBodyExcerpt: z.string(),
  status: z.number().int().nullable(),
  /** The first 512 characters of the response body. */
  responseBodyExcerpt: z.string(),
  latencyMs: z.number().nullable(),
  error: z.string().nullable(),
  /** The W3C trace id of the `traceparent` this exchange carried. */
  traceId: z.string().nullable(),
});
export type CheckEvidence = z.infer<typeof CheckEvidenceSchema>;

export const CheckResultSchema = z.object({
  id: CheckIdSchema,
  title: z.string(),
  passed: z.boolean(),
  /** The status that decided the verdict (the first failing one, else the last), null on a connection error. */
  status: z.number().int().nullable(),
  /** The slowest exchange of the check. */
  latencyMs: z.number().nullable(),
  /** What happened, in one sentence. */
  message: z.string(),
  /** On failure: what to fix, in plain words. */
  fix: z.string().nullable(),
  /** A passing check may still warn (e.g. slower than 2 s). */
  warning: z.string().nullable(),
  evidence: z.array(CheckEvidenceSchema),
  /** The trace of the check's first exchange (each exchange's own is on its evidence). */
  traceId: z.string().nullable(),
});
export type CheckResult = z.infer<typeof CheckResultSchema>;

export const CheckReportSchema = z.object({
  url: z.string(),
  passed: z.boolean(),
  startedAt: z.string(),
  durationMs: z.number(),
  keyLabel: z.string().nullable(),
  /** Set when the handler could not be reached at all (refused, not found); no check was judged. */
  unreachable: z.string().nullable(),
  checks: z.array(CheckResultSchema),
});
export type CheckReport = z.infer<typeof CheckReportSchema>;

export const EXPORT_FORMATS = ['curl', 'fetch', 'fixture'] as const;

/** The fixture file format (what export writes and replay.open reads back). Never the key. */
export const ReplayFixtureSchema = z.object({
  hooklabFixture: z.literal(1),
  method: z.string(),
  url: z.string().nullable(),
  headers: z.array(HeaderPairSchema),
  bodyBase64: z.string(),
  bodyText: z.string().nullable(),
  signature: z.string().nullable(),
  keyLabel: z.string().nullable(),
  eventType: z.string().nullable(),
});
export type ReplayFixture = z.infer<typeof ReplayFixtureSchema>;

/** The sources a draft opens from. */
export const OpenSourceSchema = z.discriminatedUnion('kind', [
  /** A delivery the listener received (live.get's id). */
  z.object({ kind: z.literal('received'), id: z.number().int().positive() }).strict(),
  /** A delivery of the history copy (history delivery id). */
  z.object({ kind: z.literal('history'), id: z.number().int().positive() }).strict(),
  /** A template of an event type (docs/service.md#event-types; see replay.templates), with an orderType (docs/service.md#order-types). */
  z.object({ kind: z.literal('template'), eventType: z.string().min(1).max(100), orderType: z.string().max(100).optional() }).strict(),
  /** A fixture file's content (as replay.export 'fixture' wrote it). */
  z.object({ kind: z.literal('fixture'), content: z.string().max(64 * 1024 * 1024), name: z.string().max(200).optional() }).strict(),
  /** A saved draft (same as replay.getDraft). */
  z.object({ kind: z.literal('draft'), id: z.number().int().positive() }).strict(),
]);
export type OpenSource = z.infer<typeof OpenSourceSchema>;

const Id = z.object({ id: z.number().int().positive() }).strict();

export const replayCalls = {
  'replay.templates': defineCall(
    'Event types of 6.4 with level and a one-line meaning, and the orderTypes of 6.3, to open a template from.',
    NoArgs,
    z.object({
      eventTypes: z.array(z.object({ type: z.string(), level: z.string(), meaning: z.string() })),
      orderTypes: z.array(z.string()),
    }),
    { readOnly: true },
  ),
  'replay.open': defineCall(
    'An editable draft (id null, not saved) from a received delivery, a history delivery, a template, a fixture file or a saved draft. Bytes that are not UTF-8 come as body kind "bytes".',
    z.object({ from: OpenSourceSchema }).strict(),
    DraftSchema,
    { largeBody: true, readOnly: true },
  ),
  'replay.listDrafts': defineCall('Saved drafts, most recently updated first.', NoArgs, z.object({ drafts: z.array(DraftSummarySchema) }), { readOnly: true }),
  'replay.getDraft': defineCall('One saved draft with its body.', Id, DraftSchema, { readOnly: true }),
  'replay.saveDraft': defineCall(
    'Create (no id) or overwrite a draft; the body is kept byte for byte. Returns the saved draft.',
    DraftInputSchema,
    DraftSchema,
    { largeBody: true },
  ),
  'replay.renameDraft': defineCall(
    'Rename a saved draft.',
    z.object({ id: z.number().int().positive(), name: z.string().trim().min(1).max(200) }).strict(),
    Ok,
  ),
  'replay.deleteDraft': defineCall('Delete a saved draft (its throwaway keys too). Replays sent from it stay.', Id, Ok, { destructive: true }),
  'replay.keys': defineCall(
    'Keys a draft can sign with: listener keys by label (current, accepted, retired) and throwaway keys. Never a value.',
    NoArgs,
    z.object({ keys: z.array(ReplayKeySchema) }),
    { readOnly: true },
  ),
  'replay.addThrowawayKey': defineCall(
    'Store a key typed for replaying (as a secret, encrypted at rest); returns its id for KeyChoice { kind: "throwaway" }.',
    z.object({ label: z.string().trim().min(1).max(100), value: z.string().min(1).max(4096) }).strict(),
    z.object({ id: z.string() }),
  ),
  'replay.removeThrowawayKey': defineCall('Forget a throwaway key (metadata and secret).', z.object({ id: z.string().min(1).max(64) }).strict(), Ok, { destructive: true }),
  'replay.sign': defineCall(
    'Preview: the signature and every header that would be sent for this request (tamper applied), computed in the core. Call it as the text changes.',
    z
      .object({
        request: ReplayRequestSpecSchema,
        /** With a target, Host, Content-Length and Connection are listed too (every header sent). */
        targetUrl: z.string().max(2000).nullable().default(null),
        /** The draft's origin: what "keep" sends for the event id and created time. */
        origin: DraftOriginSchema.optional(),
      })
      .strict(),
    SignPreviewSchema,
    { largeBody: true, readOnly: true },
  ),
  'replay.send': defineCall(
    'Send the request to a target `times` times (sequentially with `intervalMs` between, or all at once); every replay is stored and returned in send order. Connection errors, timeouts and redirects are recorded, not thrown; a refused target (non-loopback without opt-in) or a body over the cap fails the call before any byte leaves.',
    z
      .object({
        request: ReplayRequestSpecSchema,
        targetUrl: z.string().min(1).max(2000),
        times: z.number().int().min(1).max(1000).default(1),
        mode: z.enum(['sequential', 'concurrent']).default('sequential'),
        intervalMs: z.number().int().min(0).max(60_000).default(0),
        /** The draft this comes from (named in the history), if saved. */
        draftId: z.number().int().positive().nullable().default(null),
        /** The original's event id and created time, for "keep" (defaults: the draft's origin). */
        origin: DraftOriginSchema.optional(),
        /** Who is sending, kept in the history: `hooklab replay` says 'cli'. */
        sentFrom: z.enum(REPLAY_SENT_FROM).default('app'),
        /** Concurrent mode: sends under way at once (default: all of them). */
        concurrency: z.number().int().min(1).max(100).optional(),
        /** Sends started per second at most (concurrent mode; sequential mode paces by intervalMs). */
        ratePerSecond: z.number().min(0.1).max(1000).optional(),
        /** More than one send runs as a job: choose its id to follow it (job.progress) and cancel it (jobs.cancel). */
        jobId: JobIdSchema.optional(),
      })
      .strict(),
    z.object({ replays: z.array(ReplayDetailSchema), jobId: JobIdSchema.optional() }),
    { longRunning: true, largeBody: true },
  ),
  'replay.sendSelected': defineCall(
    'Replay several received deliveries to one target, in order (each re-signed as Replay does, stored in Replay history), as a job with a concurrency (default 1: strictly in order) and a rate; answers { jobId } at once (job.progress, jobs.cancel).',
    z
      .object({
        ids: z.array(z.number().int().positive()).min(1).max(10_000),
        targetUrl: z.string().min(1).max(2000),
        concurrency: z.number().int().min(1).max(16).default(1),
        ratePerSecond: z.number().min(0.1).max(1000).optional(),
      })
      .strict(),
    z.object({ jobId: JobIdSchema }),
  ),
  'replay.again': defineCall(
    'Send a stored replay again to the same target: the same bytes and headers (signature included), stored as a new replay.',
    Id,
    ReplayDetailSchema,
  ),
  'replay.history': defineCall(
    'Stored replays, newest first, a page at a time (paging by beforeId), filtered by target URL and status class; total counts the matching rows.',
    z
      .object({
        targetUrl: z.string().max(2000).optional(),
        status: z.enum(REPLAY_STATUS_FILTERS).default('all'),
        beforeId: z.number().int().positive().optional(),
        limit: z.number().int().min(1).max(20_000).default(1000),
      })
      .strict(),
    z.object({ rows: z.array(ReplaySummarySchema), total: z.number().int(), nextBeforeId: z.number().int().nullable() }),
    { readOnly: true },
  ),
  'replay.get': defineCall('One stored replay: the request as sent and the response (or error).', Id, ReplayDetailSchema, { readOnly: true }),
  'replay.clearHistory': defineCall('Delete every stored replay.', NoArgs, Ok, { destructive: true }),
  'replay.diff': defineCall(
    "Compare two replays' response bodies: byte-exact verdict first, then texts for the diff editor (as history.diff).",
    z.object({ left: z.number().int().positive(), right: z.number().int().positive() }).strict(),
    DiffResultSchema.extend({
      leftStatus: z.number().int().nullable(),
      rightStatus: z.number().int().nullable(),
    }),
    { readOnly: true },
  ),
  'replay.targets': defineCall(
    "Targets: the listener's forward targets, then Replay's own; each says whether replays may go there and why not.",
    NoArgs,
    z.object({ targets: z.array(ReplayTargetSchema) }),
    { readOnly: true },
  ),
  'replay.checkTarget': defineCall(
    'Whether a URL may receive replays now; for a non-loopback host, the question to ask before opting in.',
    z.object({ url: z.string().min(1).max(2000) }).strict(),
    z.object({ url: z.string(), loopback: z.boolean(), allowed: z.boolean(), needsOptIn: z.boolean(), message: z.string() }),
  ),
  'replay.addTarget': defineCall(
    'Add a Replay target. A non-loopback URL needs allowNonLoopback true and the reason the user gave; otherwise the call is refused.',
    z
      .object({
        url: z.string().min(1).max(2000),
        label: z.string().max(100).default(''),
        allowNonLoopback: z.boolean().default(false),
        reason: z.string().trim().max(500).default(''),
      })
      .strict(),
    ReplayTargetSchema,
  ),
  'replay.removeTarget': defineCall("Remove one of Replay's own targets.", Id, Ok, { destructive: true }),
  'replay.settings': defineCall('Replay settings: timeout (default 10 s) and body cap (default 20 MB).', NoArgs, ReplaySettingsSchema, { readOnly: true }),
  'replay.setSettings': defineCall('Change replay settings (fields given are replaced).', ReplaySettingsSchema.partial().strict(), ReplaySettingsSchema),
  'replay.checkHandler': defineCall(
    'Run the handler check against a URL (all checks, or `only`, always in CHECK_IDS order) as a job: progress as job.progress, each check as replay.checkResult, both with the same jobId; jobs.cancel stops it (the report then holds the checks that ran). Target rules apply; an unreachable handler ends the run with `unreachable` set and no check judged.',
    z
      .object({
        url: z.string().min(1).max(2000),
        key: KeyChoiceSchema.default({ kind: 'current' }),
        only: z.array(CheckIdSchema).max(CHECK_IDS.length).optional(),
        /**
         * The answer deadline timely-response holds the handler to; defaults to the replay timeout
         * setting (the service's 10 s). The other checks wait up to three times as long, so a slow
         * handler fails timely-response only.
         */
        timeoutMs: z.number().int().min(100).max(600_000).optional(),
        jobId: JobIdSchema.optional(),
      })
      .strict(),
    CheckReportSchema,
    { longRunning: true },
  ),
  'replay.export': defineCall(
    'Export a request (the editor\'s, or a stored replay\'s exactly as sent) as cURL (exact bytes, every header), a Node fetch() snippet, or a fixture file (JSON; never the key).',
    z
      .object({
        format: z.enum(EXPORT_FORMATS),
        source: z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('request'), request: ReplayRequestSpecSchema, targetUrl: z.string().max(2000).nullable().default(null), origin: DraftOriginSchema.optional() }).strict(),
          z.object({ kind: z.literal('replay'), id: z.number().int().positive() }).strict(),
        ]),
      })
      .strict(),
    z.object({ text: z.string(), fileName: z.string() }),
    { largeBody: true, readOnly: true },
  ),
} as const;

export const replayEvents = {
  'replay.sent': defineEvent('Replays were stored (one event per replay, as each answer arrives).', z.object({ replays: z.array(ReplaySummarySchema) })),
  'replay.checkResult': defineEvent(
    "A check of a running handler check finished: its result (the job's progress is job.progress).",
    z.object({ jobId: JobIdSchema, check: CheckResultSchema }),
  ),
} as const;
