import { useEffect, useState } from 'react';
import { DEFAULT_SANDBOX_PORT, SandboxSettingsSchema } from '../../../../shared/settings';
import { fieldErrors, type FieldErrors } from '../../../../shared/validation/field-errors';
import { sectionLabels } from '../../../../shared/settings/field-labels';
import { FieldError } from '../../components/FieldError';
import { useStatusStore } from '../../app-state/status-store';
import { transport } from '../../transport';
import { useSettingsView } from '../../app-state/use-settings-view';

const LABELS = sectionLabels('sandbox');

/** The embedded sandbox's port: stable by default, so environments pointing at it keep working. */
export function SandboxSettings() {
  const view = useSettingsView();
  const baseUrl = useStatusStore((s) => s.status?.sandbox.baseUrl ?? null);
  const saved = view?.settings.sandbox.port;
  const [port, setPort] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (saved !== undefined) setPort(String(saved));
  }, [saved]);

  const save = async () => {
    setMessage(null);
    const checked = SandboxSettingsSchema.safeParse({ port: port.trim() === '' ? undefined : Number(port) });
    setErrors(checked.success ? {} : fieldErrors(checked.error.issues, LABELS));
    if (!checked.success) return;
    try {
      await transport.call('settings.update', { sandbox: { port: checked.data.port } });
      setMessage('Saved: the sandbox restarts on that port');
    } catch (error) {
      setMessage(`Not saved: ${(error as Error).message}`);
    }
  };

  return (
    <div className="card" data-testid="settings-sandbox">
      <h2 className="card__title">Sandbox</h2>
      <p className="muted">
        The embedded emulator of the service{baseUrl ? ` runs at ${baseUrl}` : ''}. Its port stays the same across restarts (default{' '}
        {DEFAULT_SANDBOX_PORT}), so an environment pointing at it keeps working; 0 picks a free port each time. When the port is taken, the
        sandbox runs on a free one and the log says so.
      </p>
      <div className="row">
        <label className="field">
          <span>Port</span>
          <input inputMode="numeric" value={port} onChange={(e) => setPort(e.target.value)} aria-invalid={'port' in errors} data-testid="sandbox-port" />
          <FieldError message={errors.port} testId="sandbox-port-error" />
        </label>
        <button type="button" className="button button--primary" onClick={() => void save()} data-testid="save-sandbox-port">
          Save and apply
        </button>
        {message && <span data-testid="sandbox-port-message">{message}</span>}
      </div>
    </div>
  );
}
