import { z } from 'zod';

/** The OTLP/HTTP port every OpenTelemetry SDK exports to by default. */
export const DEFAULT_TRACING_PORT = 4318;

/**
 * The local OTLP receiver: handlers export their spans here so each forward, replay and check
 * shows what the handler did. It only ever listens on 127.0.0.1 (never a public interface).
 */
export const TracingSettingsSchema = z.object({
  /** Off: no receiver; Hooklab still sends `traceparent` (harmless to a handler without tracing). */
  enabled: z.boolean().default(true),
  /** 0 picks a free port at each start (tests); the default is the standard one. */
  port: z.number().int().min(0).max(65535).default(DEFAULT_TRACING_PORT),
  /** Spans kept at most; the oldest are removed first. */
  retainSpans: z.number().int().min(100).max(10_000_000).default(200_000),
  /** Bytes of stored spans kept at most; the oldest are removed first. */
  retainBytes: z
    .number()
    .int()
    .min(64 * 1024)
    .max(1024 ** 3)
    .default(256 * 1024 * 1024),
  /** Largest OTLP request body accepted; a larger one gets 413 and changes nothing. */
  maxRequestBytes: z
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(8 * 1024 * 1024),
});
export type TracingSettings = z.infer<typeof TracingSettingsSchema>;
