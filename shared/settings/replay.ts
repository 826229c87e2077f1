import { z } from 'zod';

/** How long a replay waits for the handler's answer, and the largest body it sends. */
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

/**
 * One of Replay's own targets (the listener's forward targets are the listener's). A URL off
 * this machine receives replays only when `optedIn`, with the reason the user gave.
 */
export const ReplayTargetEntrySchema = z.object({
  /** Stable while the target exists (the UI removes a target by it); never 0. */
  id: z.number().int().positive(),
  url: z.string().min(1).max(2000),
  label: z.string().max(100),
  optedIn: z.boolean(),
  reason: z.string().max(500).nullable(),
  addedAt: z.string(),
});
export type ReplayTargetEntry = z.infer<typeof ReplayTargetEntrySchema>;

/**
 * Replay's settings and targets. Versions before this section kept them in the database
 * (`replay_settings`, `replay_targets`); the Replay feature moves them here once.
 */
export const ReplaySectionSchema = z.object({
  timeoutMs: ReplaySettingsSchema.shape.timeoutMs.default(DEFAULT_REPLAY_SETTINGS.timeoutMs),
  bodyCapBytes: ReplaySettingsSchema.shape.bodyCapBytes.default(DEFAULT_REPLAY_SETTINGS.bodyCapBytes),
  /** One entry per URL. */
  targets: z.array(ReplayTargetEntrySchema).max(1000).default([]),
});
export type ReplaySection = z.infer<typeof ReplaySectionSchema>;
