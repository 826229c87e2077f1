import { useEffect, useState } from 'react';
import type { ReplaySettings as Settings } from '../../../../shared/contract/replay-targets';
import { exactBytes } from '../../../../shared/text/bytes';
import { FieldError } from '../../components/FieldError';
import { transport } from '../../transport';
import { parseReplaySettingsForm, replaySettingsForm, type ReplaySettingsForm } from './replay-settings-form';

/** How long a replay waits for the handler, and the largest body it sends. */
export function ReplaySettings() {
  const [saved, setSaved] = useState<Settings | null>(null);
  const [form, setForm] = useState<ReplaySettingsForm>({ timeoutSeconds: '', bodyCapMiB: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof ReplaySettingsForm, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    transport.call('replay.settings', {}).then(
      (settings) => {
        setSaved(settings);
        setForm(replaySettingsForm(settings));
      },
      (error: Error) => setMessage(`Not loaded: ${error.message}`),
    );
  }, []);

  const save = async () => {
    setMessage(null);
    const parsed = parseReplaySettingsForm(form);
    setErrors('errors' in parsed ? parsed.errors : {});
    if ('errors' in parsed) return;
    try {
      const settings = await transport.call('replay.setSettings', parsed.settings);
      setSaved(settings);
      setForm(replaySettingsForm(settings));
      setMessage('Saved: the next replay uses it');
    } catch (error) {
      setMessage(`Not saved: ${(error as Error).message}`);
    }
  };
  const edit = (field: keyof ReplaySettingsForm) => (e: { target: { value: string } }) => setForm({ ...form, [field]: e.target.value });

  return (
    <div className="card" data-testid="settings-replay">
      <h2 className="card__title">Replay</h2>
      <p className="muted">
        How long a replay (and each request of the handler check) waits for your handler&apos;s answer (the service waits 10 s), and the largest
        body Replay sends{saved ? `: now ${exactBytes(saved.bodyCapBytes)}` : ''}.
      </p>
      <div className="row">
        <label className="field">
          <span>Timeout (seconds)</span>
          <input inputMode="decimal" value={form.timeoutSeconds} onChange={edit('timeoutSeconds')} aria-invalid={'timeoutSeconds' in errors} data-testid="replay-settings-timeout" />
          <FieldError message={errors.timeoutSeconds} testId="replay-settings-timeout-error" />
        </label>
        <label className="field">
          <span>Body cap (MiB)</span>
          <input inputMode="decimal" value={form.bodyCapMiB} onChange={edit('bodyCapMiB')} aria-invalid={'bodyCapMiB' in errors} data-testid="replay-settings-cap" />
          <FieldError message={errors.bodyCapMiB} testId="replay-settings-cap-error" />
        </label>
        <button type="button" className="button button--primary" disabled={saved === null} onClick={() => void save()} data-testid="replay-settings-save">
          Save
        </button>
        {message && <span data-testid="replay-settings-message">{message}</span>}
      </div>
    </div>
  );
}
