import { z } from 'zod';
import { serviceUrlProblem } from './service-url';
import { ENVIRONMENT_ID_PATTERN } from './secret-names';
import { RetainBytesSchema, RetainDeliveriesSchema } from './retention';

export const SANDBOX_ENVIRONMENT_ID = 'sandbox';

/** A URL the environment's secrets are sent to: https, or http on loopback only. */
const ServiceUrlSchema = z.string().superRefine((value, ctx) => {
  const problem = serviceUrlProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/**
 * A live environment of the service. Its client secret and secret key are secrets named
 * `env:<id>:clientSecret` and `env:<id>:secretKey`, never part of settings; they are bound to
 * the origins of `baseUrl` and `apiV3Url` (changing either clears them, see core/environments).
 */
export const LiveEnvironmentSchema = z.object({
  id: z.string().regex(ENVIRONMENT_ID_PATTERN),
  name: z.string().min(1).max(100),
  baseUrl: ServiceUrlSchema,
  apiV3Url: ServiceUrlSchema,
  clientId: z.string().min(1),
});
export type LiveEnvironment = z.infer<typeof LiveEnvironmentSchema>;

export const EnvironmentSettingsSchema = z.object({
  active: z.string().default(SANDBOX_ENVIRONMENT_ID),
  live: z.array(LiveEnvironmentSchema).default([]),
});
export type EnvironmentSettings = z.infer<typeof EnvironmentSettingsSchema>;

export const PollerSettingsSchema = z.object({
  enabled: z.boolean().default(true),
  intervalMs: z.number().int().min(250).max(3_600_000).default(5_000),
  /**
   * The history copy's retention, per environment, like the received deliveries': deliveries
   * and payload bytes kept at most; the oldest (lowest id) are removed first.
   */
  retainDeliveries: RetainDeliveriesSchema,
  retainBytes: RetainBytesSchema,
});
export type PollerSettings = z.infer<typeof PollerSettingsSchema>;

/** The embedded sandbox's port unless Settings says otherwise (the listener's is 4780). */
export const DEFAULT_SANDBOX_PORT = 4781;

export const SandboxSettingsSchema = z.object({
  /**
   * Port of the embedded sandbox. Stable by default, so a live environment pointing at the
   * sandbox (its base URL) survives a restart; 0 picks a free one at each start.
   */
  port: z.number().int().min(0).max(65535).default(DEFAULT_SANDBOX_PORT),
  /** False: no embedded sandbox (`serve --no-sandbox`), for a machine that works with the real service only. */
  enabled: z.boolean().default(true),
  // No key of its own choosing: the sandbox signs only with the key it generated (a
  // `signingKeyId` saved by an earlier version is dropped when settings are read).
});
export type SandboxSettings = z.infer<typeof SandboxSettingsSchema>;

/** The delivery history's URL the service uses by default: `<base URL>/api/v3` (9). */
export function defaultApiV3Url(baseUrl: string): string {
  const base = baseUrl.trim().replace(/\/+$/, '');
  return base === '' ? '' : `${base}/api/v3`;
}
