/**
 * Where replays may go and Replay's settings: the targets (the listener's forward targets and
 * Replay's own, with the non-loopback opt-in) and the timeout and body cap, with their calls.
 */
import { z } from 'zod';
import { defineCall, IdArgs, NoArgs, Ok } from './define';
import { ReplaySettingsSchema } from '../settings/replay';

export { ReplaySettingsSchema, type ReplaySettings } from '../settings/replay';

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

export const replayTargetCalls = {
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
  'replay.removeTarget': defineCall("Remove one of Replay's own targets.", IdArgs, Ok, { destructive: true }),
  'replay.settings': defineCall('Replay settings: timeout (default 10 s) and body cap (default 20 MB).', NoArgs, ReplaySettingsSchema, { readOnly: true }),
  'replay.setSettings': defineCall('Change replay settings (fields given are replaced).', ReplaySettingsSchema.partial().strict(), ReplaySettingsSchema),
} as const;
