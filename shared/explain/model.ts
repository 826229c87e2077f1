/**
 * The answer to "why is this order stuck?": its causes, each with the facts that show it and
 * what to do. The pure rules of shared/explain produce it; the contract's explain.* calls carry
 * it (shared/contract/explain.ts); the Why? panel, `hooklab why` and MCP's explain_order show it.
 */
import { z } from 'zod';

/**
 * The cause codes, in the order a user fixes them: what never reached Hooklab first (nothing
 * after it can be judged), then what arrived and did not verify, then what the handler did with
 * a verified event, then the sequence. Scripts and agents depend on these names.
 */
export const CAUSE_CODES = [
  'pending-at-service',
  'other-url',
  'wrong-key',
  'body-changed',
  'signature-missing',
  'handler-refused',
  'handler-error',
  'state-mismatch',
  'out-of-order',
  'duplicate',
  'ok',
] as const;
export const CauseCodeSchema = z.enum(CAUSE_CODES);
export type CauseCode = z.infer<typeof CauseCodeSchema>;

export const CauseSchema = z.object({
  code: CauseCodeSchema,
  /** One sentence a person acts on. */
  summary: z.string(),
  /** The facts: delivery ids, history ids, times, statuses (sender and handler text bounded). */
  evidence: z.array(z.string()),
  /** What to do, when there is something to do: a command to run, or the setting to change. */
  fix: z.string().nullable(),
  /** The received deliveries (Live ids) concerned. */
  deliveryIds: z.array(z.number().int()),
  /** The service's event ids concerned. */
  eventIds: z.array(z.string()),
});
export type Cause = z.infer<typeof CauseSchema>;

export const ExplanationSchema = z.object({
  /** The order explained (null: a received delivery that names no order). */
  orderId: z.string().nullable(),
  /** The only cause is `ok`. */
  ok: z.boolean(),
  /** What to fix first, first; `[ok]` when nothing is wrong. */
  causes: z.array(CauseSchema),
  checkedAt: z.string(),
});
export type Explanation = z.infer<typeof ExplanationSchema>;
