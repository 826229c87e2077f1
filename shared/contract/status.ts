import { z } from 'zod';
import { PUBLIC_URL_REACHES } from '../net/public-url-words';

/** What the status bar shows; pushed as the `app.status` event whenever any part changes. */
export const ListenerStatusSchema = z.object({
  state: z.enum(['starting', 'listening', 'stopped', 'error']),
  port: z.number().int().nullable(),
  url: z.string().nullable(),
  error: z.string().nullable(),
  received: z.number().int(),
  /** Why the last port change failed (the listener stayed on `port`), shown next to the field. */
  portError: z.string().nullable(),
  /** Received deliveries stored now, and their bytes (bodies and headers). */
  stored: z.number().int(),
  storedBytes: z.number().int(),
  /** The retention caps (settings), and the oldest deliveries removed under them since start. */
  retainDeliveries: z.number().int(),
  retainBytes: z.number().int(),
  removedByRetention: z.number().int(),
  /** Probes of the public URL this listener answered (kept out of Live). */
  probesAnswered: z.number().int(),
});

/** The last end-to-end probe of the public URL (all null before the first). */
export const TunnelProbeStatusSchema = z.object({
  reachable: z.boolean().nullable(),
  checkedAt: z.string().nullable(),
  latencyMs: z.number().nullable(),
  /** Why the service cannot reach this Hooklab, in words a user acts on. */
  error: z.string().nullable(),
  /** When the probes started failing (kept through failures in a row). */
  unreachableSince: z.string().nullable(),
  /**
   * Who can reach the probed URL, from its host: `public`, or `this-machine` / `local-network`
   * (loopback, private, `.local`: never the service, however well the probe came back).
   */
  reach: z.enum(PUBLIC_URL_REACHES).nullable(),
  /**
   * The service's own log as the second witness: deliveries of the last hour it says were
   * answered 2xx at the public URL that never reached the listener (something between answered
   * in its place). Any is a failure the probe could not see.
   */
  answeredByAnother: z.number().int(),
});

export const TunnelStatusSchema = z.object({
  state: z.enum(['disabled', 'connecting', 'open', 'closed', 'error', 'own-url']),
  publicUrl: z.string().nullable(),
  error: z.string().nullable(),
  /** The public URL differs from the last one: the portal's webhook URL must be updated. */
  urlChanged: z.boolean(),
  reconnectAttempt: z.number().int(),
  probe: TunnelProbeStatusSchema,
  /**
   * What the user must act on about the address, said loudly until it no longer holds: the
   * server granted another subdomain than the one asked for, or the tunnel moved to the next
   * server after failed probes.
   */
  notice: z.string().nullable(),
});

export const PollerStatusSchema = z.object({
  state: z.enum(['disabled', 'idle', 'polling', 'caught-up', 'behind', 'error']),
  environmentId: z.string().nullable(),
  lastPollAt: z.string().nullable(),
  fetched: z.number().int(),
  cursor: z.number().int().nullable(),
  error: z.string().nullable(),
  nextPollAt: z.string().nullable(),
});

export const SandboxStatusSchema = z.object({
  state: z.enum(['off', 'starting', 'running', 'error']),
  baseUrl: z.string().nullable(),
  error: z.string().nullable(),
});

export const HostStatusSchema = z.object({
  kind: z.enum(['electron', 'browser']),
  version: z.string(),
  dataDir: z.string(),
  /** A warning about how secrets are kept (e.g. Linux `basic_text` backend), or null. */
  secretsWarning: z.string().nullable(),
  /**
   * What went wrong with the data folder, one sentence each: a file set aside because it could
   * not be read (which, where it went, what was lost), a secret this host cannot open.
   */
  dataNotices: z.array(z.string()),
  environment: z.object({ id: z.string(), name: z.string(), isSandbox: z.boolean() }),
});

/** The local OTLP receiver: where handlers export spans, spans kept, spans refused (not Hooklab's traces, or over a cap). */
export const TracingStatusSchema = z.object({
  /** The OTLP/HTTP base URL (OTEL_EXPORTER_OTLP_ENDPOINT), or null when the receiver is off or could not start. */
  endpoint: z.string().nullable(),
  spans: z.number().int(),
  dropped: z.number().int(),
});

export const AppStatusSchema = z.object({
  host: HostStatusSchema,
  listener: ListenerStatusSchema,
  tunnel: TunnelStatusSchema,
  poller: PollerStatusSchema,
  sandbox: SandboxStatusSchema,
  tracing: TracingStatusSchema,
});
export type AppStatus = z.infer<typeof AppStatusSchema>;
export type ListenerStatus = z.infer<typeof ListenerStatusSchema>;
export type TunnelStatus = z.infer<typeof TunnelStatusSchema>;
export type TunnelProbeStatus = z.infer<typeof TunnelProbeStatusSchema>;
export type PollerStatus = z.infer<typeof PollerStatusSchema>;
export type SandboxStatus = z.infer<typeof SandboxStatusSchema>;
export type TracingStatus = z.infer<typeof TracingStatusSchema>;
