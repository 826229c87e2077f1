import { setupGuides } from '../../../../shared/tracing/setup-guide';
import { useStatusStore } from '../../app-state/status-store';
import { Notice } from '../ui';

/** How to make the handler send its spans here: the receiver's endpoint and the lines per language. */
export function TracingHelp() {
  const endpoint = useStatusStore((s) => s.status?.tracing.endpoint ?? null);
  if (endpoint === null) {
    return (
      <Notice tone="warn" testId="tracing-help">
        No spans: Hooklab&apos;s OTLP receiver is off (Settings → tracing), so a handler has nowhere to send them.
      </Notice>
    );
  }
  return (
    <div className="notice trace-help" data-testid="tracing-help">
      <p>
        No spans from the handler yet. The request carried a <code>traceparent</code>; to see what the handler did with it, run it
        with OpenTelemetry exporting to <code>{endpoint}</code>:
      </p>
      {setupGuides(endpoint).map((guide) => (
        <div key={guide.language}>
          <strong>{guide.language}</strong>
          <pre className="trace-help__lines">{guide.lines.join('\n')}</pre>
        </div>
      ))}
    </div>
  );
}
