import { useEffect, useState } from 'react';
import { DEFAULT_TRACING_PORT, TracingSettingsSchema } from '../../../../shared/settings';
import { fieldErrors, type FieldErrors } from '../../../../shared/validation/field-errors';
import { sectionLabels } from '../../../../shared/settings/field-labels';
import { otlpEnvironmentLines } from '../../../../shared/tracing/otlp-environment';
import { FieldError } from '../../components/FieldError';
import { useStatusStore } from '../../app-state/status-store';
import { transport } from '../../transport';
import { useSettingsView } from '../../app-state/use-settings-view';
import { Button, Card } from '../../components/ui';

const LABELS = sectionLabels('tracing');

/** The local OTLP receiver: on or off, its port, where it is and what it kept (docs/tracing.md). */
export function TracingSettings() {
  const view = useSettingsView();
  const tracing = useStatusStore((s) => s.status?.tracing ?? null);
  const saved = view?.settings.tracing;
  const [enabled, setEnabled] = useState(true);
  const [port, setPort] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (!saved) return;
    setEnabled(saved.enabled);
    setPort(String(saved.port));
  }, [saved]);

  const save = async () => {
    setMessage(null);
    const checked = TracingSettingsSchema.pick({ enabled: true, port: true }).safeParse({ enabled, port: port.trim() === '' ? undefined : Number(port) });
    setErrors(checked.success ? {} : fieldErrors(checked.error.issues, LABELS));
    if (!checked.success) return;
    try {
      await transport.call('settings.update', { tracing: { enabled: checked.data.enabled, port: checked.data.port } });
      setMessage(checked.data.enabled ? 'Saved: the receiver restarts on that port' : 'Saved: the receiver is off');
    } catch (error) {
      setMessage(`Not saved: ${(error as Error).message}`);
    }
  };

  return (
    <Card title="Tracing" testId="settings-tracing">
      <p className="muted">
        Every forward, replay and check carries a <code>traceparent</code>; a handler instrumented with OpenTelemetry sends its spans to this
        receiver on 127.0.0.1 (default port {DEFAULT_TRACING_PORT}, the standard one), and each result shows what the handler did. Only traces
        Hooklab started are kept.
      </p>
      {tracing && (
        <pre className="mono" data-testid="tracing-endpoint">
          {[...otlpEnvironmentLines(tracing.endpoint), `spans kept ${tracing.spans}, dropped ${tracing.dropped}`].join('\n')}
        </pre>
      )}
      <div className="row">
        <label>
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} data-testid="tracing-enabled" /> Receive spans
        </label>
        <label className="field">
          <span>Port</span>
          <input inputMode="numeric" value={port} onChange={(e) => setPort(e.target.value)} aria-invalid={'port' in errors} data-testid="tracing-port" />
          <FieldError message={errors.port} testId="tracing-port-error" />
        </label>
        <Button kind="primary" onClick={() => void save()} data-testid="save-tracing">
          Save and apply
        </Button>
        {message && <span data-testid="tracing-message">{message}</span>}
      </div>
    </Card>
  );
}
