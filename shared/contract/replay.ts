/**
 * Calls and events of the Replay area: sending to the user's handlers, the replay history with its
 * diff, and exports; with the drafts (replay-drafts.ts), the targets and settings
 * (replay-targets.ts) and the handler check (replay-checks.ts), all the replay.* calls.
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
import { defineCall, defineEvent, IdArgs, NoArgs, Ok } from './define';
import { DiffResultSchema } from './history';
import { JobIdSchema } from './jobs';
import { DraftOriginSchema, HeaderPairSchema, ReplayRequestSpecSchema, replayDraftCalls, TamperPresetSchema } from './replay-drafts';
import { replayTargetCalls } from './replay-targets';
import { replayCheckCalls, replayCheckEvents } from './replay-checks';

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

/** Where a replay was sent from: Replay in the app (or the browser host), or `hooklab replay`. */
export const REPLAY_SENT_FROM = ['app', 'cli'] as const;
export type ReplaySentFrom = (typeof REPLAY_SENT_FROM)[number];

/** One stored replay as the history table lists it. */
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

export const EXPORT_FORMATS = ['curl', 'fetch', 'fixture'] as const;

export const replayCalls = {
  ...replayDraftCalls,
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
    IdArgs,
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
  'replay.get': defineCall('One stored replay: the request as sent and the response (or error).', IdArgs, ReplayDetailSchema, { readOnly: true }),
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
  ...replayTargetCalls,
  ...replayCheckCalls,
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
  ...replayCheckEvents,
} as const;
