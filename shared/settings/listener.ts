import { z } from 'zod';
import { KEY_ID_PATTERN } from './secret-names';
import { RetainBytesSchema, RetainDeliveriesSchema } from './retention';

/** Metadata of one webhook signing key; the key itself is a secret named `webhookKey:<id>`. */
export const WebhookKeyInfoSchema = z.object({
  id: z.string().regex(KEY_ID_PATTERN),
  label: z.string().max(100),
  addedAt: z.string(),
  /** Accepted for verification; a retired key (false) only explains failures ("signed with an earlier key"). */
  accepted: z.boolean().default(true),
  /**
   * The environment (store) that signs with this key. A delivery it verifies belongs to that
   * environment, so reconciling another environment leaves it out; null: not known.
   */
  environmentId: z.string().min(1).max(64).nullable().default(null),
});
export type WebhookKeyInfo = z.infer<typeof WebhookKeyInfoSchema>;

/**
 * How the listener answers the service. Rules are tried in order; the first whose `attempts`
 * window contains the attempt number of this event id wins, else `fallback`.
 */
export const ListenerAnswerSchema = z.object({
  status: z.number().int().min(100).max(599),
  delayMs: z.number().int().min(0).max(600_000),
  body: z.string().max(100_000),
  /** Never answer (the service sees a timeout). */
  hang: z.boolean(),
});
export type ListenerAnswer = z.infer<typeof ListenerAnswerSchema>;

export const AnswerRuleSchema = z.object({
  /** Applies to attempts 1..firstAttempts of each event id (a retry or resend is a later attempt). */
  firstAttempts: z.number().int().min(1).max(1000),
  answer: ListenerAnswerSchema,
});
export type AnswerRule = z.infer<typeof AnswerRuleSchema>;

export const DEFAULT_LISTENER_PORT = 4780;

/** A forward target: an absolute http(s) URL (the forwarder speaks nothing else). */
export const ForwardTargetSchema = z
  .string()
  .url('a forward target must be a full URL, e.g. http://localhost:3000/webhooks')
  // zod runs this even when .url() failed: an unparsable value is .url()'s to report, not a throw.
  .refine((value) => !URL.canParse(value) || /^https?:$/.test(new URL(value).protocol), {
    message: 'must be an http:// or https:// URL',
  });

/** Bytes kept of a body over the limit: enough to see what it was, never the whole of it. */
export const OVER_LIMIT_PREFIX_BYTES = 64 * 1024;

export const ListenerSettingsSchema = z.object({
  /** Stable default so the URL registered in the portal survives restarts. */
  port: z.number().int().min(0).max(65535).default(DEFAULT_LISTENER_PORT),
  bodyLimitBytes: z
    .number()
    .int()
    .min(1024)
    .max(512 * 1024 * 1024)
    .default(5 * 1024 * 1024),
  headersTimeoutMs: z.number().int().min(100).max(600_000).default(10_000),
  /** Time to receive a whole request (headers and body): a sender trickling its body is cut off. */
  requestTimeoutMs: z.number().int().min(500).max(600_000).default(30_000),
  /** A connection that sends and receives nothing for this long is closed (answers held back excepted). */
  idleTimeoutMs: z.number().int().min(500).max(3_600_000).default(60_000),
  /**
   * Open connections at most. Beyond it the connection idle longest is closed to admit the new
   * one, so slow senders cannot lock the service out; well below a 1,024 open-files limit.
   */
  maxConnections: z.number().int().min(8).max(100_000).default(500),
  /** Received deliveries kept at most; the oldest are removed first. */
  retainDeliveries: RetainDeliveriesSchema,
  /** Bytes of received deliveries (bodies and headers) kept at most; the oldest are removed first. */
  retainBytes: RetainBytesSchema,
  /** Current key first, then earlier keys still accepted during a rotation. */
  keys: z.array(WebhookKeyInfoSchema).default([]),
  forwardTargets: z.array(ForwardTargetSchema).default([]),
  /** Event type to its own targets (a project config's routes); other types go to forwardTargets. */
  forwardRoutes: z.record(z.string().min(1).max(100), z.array(ForwardTargetSchema)).default({}),
  /**
   * Forward targets off this machine the user allowed: typed in Settings → Listener, or given to
   * `listen`/`serve` with --allow-non-loopback. Any other non-loopback target gets nothing (a
   * hooklab.config.json naming one allows nothing by itself).
   */
  allowedTargets: z.array(ForwardTargetSchema).default([]),
  /** Answer the service with the first handler's status instead of the configured answer. */
  passThrough: z.boolean().default(false),
  answer: ListenerAnswerSchema.default({ status: 200, delayMs: 0, body: '', hang: false }),
  rules: z.array(AnswerRuleSchema).default([]),
});
export type ListenerSettings = z.infer<typeof ListenerSettingsSchema>;
