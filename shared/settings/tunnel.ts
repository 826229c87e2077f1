import { z } from 'zod';

export const DEFAULT_TUNNEL_HOST = 'https://localtunnel.me';

export const TunnelSettingsSchema = z.object({
  enabled: z.boolean().default(false),
  host: z.string().url().default(DEFAULT_TUNNEL_HOST),
  subdomain: z
    .string()
    .regex(/^[a-z0-9-]{4,63}$/)
    .nullable()
    .default(null),
  /** A public URL the user runs themselves (ngrok, cloudflared); replaces the tunnel when set. */
  ownPublicUrl: z.string().url().nullable().default(null),
  /**
   * Several localtunnel servers, tried in order: after two failed probes in a row the tunnel
   * moves to the next. Empty: `host` alone.
   */
  hosts: z.array(z.string().url()).default([]),
  /** The subdomain asked for when `subdomain` is not set: chosen once per data folder, at random. */
  autoSubdomain: z
    .string()
    .regex(/^[a-z0-9-]{4,63}$/)
    .nullable()
    .default(null),
  /** How often the public URL is probed end to end while there is one. */
  probeIntervalSeconds: z.number().int().min(5).max(86_400).default(60),
  /** Last public URL handed out, to warn when the portal setting must be updated. */
  lastPublicUrl: z.string().nullable().default(null),
});
export type TunnelSettings = z.infer<typeof TunnelSettingsSchema>;
