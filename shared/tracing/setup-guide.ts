/**
 * How to make a handler send its spans to Hooklab, per language: shown where a trace has no
 * spans, printed by the CLI, and written out in docs/tracing.md. Every SDK below reads the two
 * standard variables and honours the incoming `traceparent` (W3C Trace Context) by default.
 */
export interface SetupGuide {
  readonly language: 'Node' | 'Python' | 'Go';
  readonly lines: readonly string[];
}

export function setupGuides(endpoint: string): SetupGuide[] {
  const env = `OTEL_EXPORTER_OTLP_ENDPOINT=${endpoint} OTEL_SERVICE_NAME=my-webhook-handler`;
  return [
    {
      language: 'Node',
      lines: [
        'npm install @opentelemetry/sdk-node @opentelemetry/auto-instrumentations-node',
        `${env} node --require @opentelemetry/auto-instrumentations-node/register server.js`,
      ],
    },
    {
      language: 'Python',
      lines: [
        'pip install opentelemetry-distro opentelemetry-exporter-otlp && opentelemetry-bootstrap -a install',
        `${env} OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf opentelemetry-instrument python app.py`,
      ],
    },
    {
      language: 'Go',
      lines: [
        'go get go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp',
        'exporter, _ := otlptracehttp.New(ctx) // reads OTEL_EXPORTER_OTLP_ENDPOINT',
        'otel.SetTracerProvider(sdktrace.NewTracerProvider(sdktrace.WithBatcher(exporter)))',
        'otel.SetTextMapPropagator(propagation.TraceContext{})',
        'http.Handle("/webhooks", otelhttp.NewHandler(webhookHandler, "webhooks"))',
        `${env} go run .`,
      ],
    },
  ];
}
