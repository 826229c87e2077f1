import { z } from 'zod';

/**
 * Which notifications Hooklab shows (Settings → Notifications). Each kind has its own switch;
 * all are throttled to one per kind per minute, with a count of what was held back.
 */
export const NotificationSettingsSchema = z.object({
  /** A handler's answer turned from 2xx to failing (once per target until it recovers). */
  handlerFailing: z.boolean().default(true),
  /** A delivery's signature was invalid or missing while a key is set. */
  invalidSignature: z.boolean().default(true),
  /** Events pending at the service (no delivery reached you) for longer than pendingMinutes. */
  pendingAtService: z.boolean().default(true),
  pendingMinutes: z.number().int().min(1).max(24 * 60).default(15),
  /** The tunnel went down (or, once the lead wires it, its public-URL probe fails). */
  tunnelDown: z.boolean().default(true),
  /** A job (bulk resend, scenario, handler check…) finished or failed. */
  jobEnded: z.boolean().default(true),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;
