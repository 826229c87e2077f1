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
  /** Last public URL handed out, to warn when the portal setting must be updated. */
  lastPublicUrl: z.string().nullable().default(null),
});
export type TunnelSettings = z.infer<typeof TunnelSettingsSchema>;
