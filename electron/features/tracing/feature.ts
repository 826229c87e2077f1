import type { Settings, TracingSettings } from '../../../shared/settings';
import { redactTrace } from '../../../shared/tracing/redact-trace';
import type { Feature } from '../../services/kernel/feature';
import type { TracingDeps } from './deps';
import { OtlpReceiver, RECEIVER_HOST } from './otlp-receiver';
import { OtlpDecoder } from './otlp-decoder';
import type { ReadSpans } from './otlp-spans';

/** The base URL a handler's SDK is given (OTEL_EXPORTER_OTLP_ENDPOINT); it appends /v1/traces. */
export const endpointOf = (port: number) => `http://${RECEIVER_HOST}:${port}`;

/**
 * Tracing: the local OTLP receiver, which keeps the spans of the traces Hooklab started (every
 * forward, replay and check carries its own `traceparent`), and `traces.get`, which shows them.
 */
export function createTracingFeature(ctx: TracingDeps): Feature {
  const store = ctx.data.spans;
  let dropped = 0;
  const settings = () => ctx.config.settings.get().tracing;
  const report = () => ctx.runtime.status.update('tracing', { spans: store.counts().count, dropped });

  // Bodies are decoded on a thread of their own, which keeps only the spans of traces Hooklab
  // started (it knows them by the data folder's trace key, as ctx.runtime.traces does).
  const decoder = new OtlpDecoder(ctx.config.dataDir);
  const accept = (read: ReadSpans) => {
    const { retainSpans, retainBytes } = settings();
    const added = store.add(read.kept, { spans: retainSpans, bytes: retainBytes });
    dropped += read.dropped;
    if (read.dropped > 0 || added > 0) report();
    if (added > 0) ctx.runtime.bus.emit('traces.received', { traceIds: [...new Set(read.kept.map((s) => s.traceId))] });
  };
  const receiver = new OtlpReceiver({ maxRequestBytes: () => settings().maxRequestBytes, decode: (input) => decoder.decode(input), accept });

  async function open(next: TracingSettings): Promise<void> {
    await receiver.stop();
    if (!next.enabled) {
      ctx.runtime.status.update('tracing', { endpoint: null });
      return;
    }
    try {
      const port = await receiver.start(next.port);
      ctx.runtime.status.update('tracing', { endpoint: endpointOf(port) });
    } catch (error) {
      // Another collector (Jaeger, an OpenTelemetry Collector) may hold the standard port: the
      // rest of Hooklab runs on, the status says there is no endpoint and the log says why.
      ctx.runtime.log.warn(`the OTLP receiver could not listen on ${RECEIVER_HOST}:${next.port}`, { message: (error as Error).message });
      ctx.runtime.status.update('tracing', { endpoint: null });
    }
  }

  // Serialised, so quick successive changes never race two servers for one port.
  let applying: Promise<void> = Promise.resolve();
  let unsubscribe: (() => void) | null = null;
  const applyChange = (next: Settings, prev: Settings) => {
    if (next.tracing.enabled === prev.tracing.enabled && next.tracing.port === prev.tracing.port) return;
    applying = applying.then(() => open(next.tracing));
  };

  return {
    name: 'tracing',
    handlers: {
      // Redacted here, once, for everyone who reads a trace: the UI, the CLI and MCP.
      'traces.get': async ({ traceId, maxSpans }) => redactTrace(store.get(traceId, maxSpans)),
    },
    async start() {
      report();
      await open(settings());
      unsubscribe = ctx.config.settings.onChange(applyChange);
    },
    async stop() {
      unsubscribe?.();
      await applying;
      await receiver.stop();
      await decoder.stop();
    },
  };
}
