/**
 * What a handler needs to send its spans to Hooklab: the two standard OpenTelemetry
 * environment variables, as the hosts print them at start.
 */
export function otlpEnvironmentLines(endpoint: string | null): string[] {
  if (endpoint === null) return ['tracing: off (no OTLP receiver); handlers still get a traceparent header'];
  return [
    `tracing: OTLP receiver at ${endpoint}; start your handler with`,
    `  OTEL_EXPORTER_OTLP_ENDPOINT=${endpoint} OTEL_SERVICE_NAME=my-webhook-handler`,
  ];
}
