import { z } from 'zod';
import { defineEvent } from './define';
import { JobIdSchema } from './jobs';

/** What a notification is about; each kind can be switched off in Settings → Notifications. */
export const NOTIFICATION_KINDS = ['handler-failing', 'invalid-signature', 'pending-at-service', 'tunnel-down', 'job-ended'] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

/** Where clicking a notification takes the window (the renderer maps it to its routes). */
export const NavigateTargetSchema = z.discriminatedUnion('area', [
  z.object({ area: z.literal('live'), deliveryId: z.number().int().positive() }),
  z.object({ area: z.literal('history'), eventId: z.number().int().positive().optional() }),
  z.object({ area: z.literal('jobs'), jobId: JobIdSchema }),
  z.object({ area: z.literal('settings'), section: z.string().max(50) }),
]);
export type NavigateTarget = z.infer<typeof NavigateTargetSchema>;

/** One notification as decided by the core; the host shows it its own way. */
export const NoticeSchema = z.object({
  kind: NotificationKindSchema,
  title: z.string().max(200),
  body: z.string().max(500),
  /** How many of this kind were held back by the throttle since the last one shown (0 when none). */
  heldBack: z.number().int().min(0),
  target: NavigateTargetSchema.nullable(),
  at: z.string(),
});
export type Notice = z.infer<typeof NoticeSchema>;

export const notificationEvents = {
  'app.notification': defineEvent(
    'A notification the core decided to show. The desktop app shows it natively; the browser host shows it with the browser Notification API.',
    NoticeSchema,
  ),
  'app.navigate': defineEvent('The host asks the window to open a place (a notification was clicked).', NavigateTargetSchema),
} as const;
