/**
 * What a replay sends and where it comes from: the request spec the editor edits (body, headers,
 * the key that signs, tampering), drafts and the sources they open from, the keys a draft can
 * sign with (never a value), the sign preview and the fixture file; and the calls on drafts and
 * keys. Sending and the replay history are in replay.ts.
 */
import { z } from 'zod';
import { defineCall, IdArgs, NoArgs, Ok } from './define';
import { SERVICE_WEBHOOK_USER_AGENT } from '../service/webhooks';
import { TAMPER_PRESETS, REPLAY_METHODS, DEFAULT_REPLAY_METHOD } from '../replay/vocabulary';

export { TAMPER_PRESETS, REPLAY_METHODS, DEFAULT_REPLAY_METHOD, type TamperPreset, type ReplayMethod } from '../replay/vocabulary';

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
    userAgent: HeaderValue.default(SERVICE_WEBHOOK_USER_AGENT),
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

export const DraftInputSchema = z
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

export const replayDraftCalls = {
  'replay.templates': defineCall(
    "The service's event types with level and a one-line meaning, and its orderTypes, to open a template from.",
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
  'replay.getDraft': defineCall('One saved draft with its body.', IdArgs, DraftSchema, { readOnly: true }),
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
  'replay.deleteDraft': defineCall('Delete a saved draft (its throwaway keys too). Replays sent from it stay.', IdArgs, Ok, { destructive: true }),
  'replay.keys': defineCall(
    'Keys a draft can sign with: listener keys by label (current, accepted, retired) and throwaway keys. Never a value.',
    NoArgs,
    z.object({ keys: z.array(ReplayKeySchema) }),
    { readOnly: true },
  ),
  'replay.addThrowawayKey': defineCall(
    'Store a key typed for replaying (as a secret, encrypted at rest); returns its id for KeyChoice { kind: "throwaway" }. With `session` (the id the caller\'s event socket was given in its first frame), the key is kept in memory only, never stored, and forgotten when that socket closes.',
    z
      .object({ label: z.string().trim().min(1).max(100), value: z.string().min(1).max(4096), session: z.string().min(1).max(64).optional() })
      .strict(),
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
} as const;
