import { useEffect, useState } from 'react';
import { SANDBOX_ENVIRONMENT_ID } from '../../../../shared/settings';
import { fieldErrors, type FieldErrors } from '../../../../shared/validation/field-errors';
import { sectionLabels } from '../../../../shared/settings/field-labels';
import { FieldError } from '../../components/FieldError';
import { transport } from '../../transport';
import { useStatusStore } from '../../app-state/status-store';
import { useSettingsView } from '../../app-state/use-settings-view';
import { formatBytes, formatCount } from '../../lib/format';
import { AnswerRules } from './AnswerRules';
import { ListenerDraftSchema, MIB, type ListenerDraft } from './listener-draft';
import { ListenerLimits } from './ListenerLimits';
import { WebhookKeys } from './WebhookKeys';

const LABELS = sectionLabels('listener');

/** Listener port, limits, signing keys (rotation), forward targets and the answer to the service. */
export function ListenerSettings() {
  const view = useSettingsView();
  const [draft, setDraft] = useState<ListenerDraft | null>(null);
  const [targetsText, setTargetsText] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const listener = view?.settings.listener;
  const listenerStatus = useStatusStore((state) => state.status?.listener);

  useEffect(() => {
    if (!listener) return;
    setDraft({
      port: listener.port,
      bodyLimitBytes: listener.bodyLimitBytes,
      headersTimeoutMs: listener.headersTimeoutMs,
      requestTimeoutMs: listener.requestTimeoutMs,
      idleTimeoutMs: listener.idleTimeoutMs,
      maxConnections: listener.maxConnections,
      retainDeliveries: listener.retainDeliveries,
      retainBytes: listener.retainBytes,
      forwardTargets: listener.forwardTargets,
      passThrough: listener.passThrough,
      answer: listener.answer,
      rules: listener.rules,
    });
    setTargetsText(listener.forwardTargets.join('\n'));
  }, [listener]);

  if (!view || !draft || !listener) return <div className="card">Loading listener settings…</div>;
  const environments = [{ id: SANDBOX_ENVIRONMENT_ID, name: 'Sandbox' }, ...view.settings.environments.live];

  const act = async (what: string, run: () => Promise<unknown>) => {
    setMessage(null);
    try {
      await run();
      setMessage(`${what}: saved and applied`);
    } catch (error) {
      setMessage(`${what} failed: ${(error as Error).message}`);
    }
  };
  const save = () => {
    const next = { ...draft, forwardTargets: targetsText.split('\n').map((t) => t.trim()).filter(Boolean) };
    // Checked here with the core's own schema, so each mistake is said next to its field.
    const checked = ListenerDraftSchema.safeParse(next);
    setErrors(checked.success ? {} : fieldErrors(checked.error.issues, LABELS));
    if (!checked.success) {
      setMessage('Not saved: see the fields marked below.');
      return Promise.resolve();
    }
    return act('Listener settings', () => transport.call('settings.update', { listener: next }));
  };
  const targetErrors = Object.entries(errors).filter(([path]) => path.startsWith('forwardTargets'));
  const ruleErrors = Object.entries(errors).filter(([path]) => path.startsWith('rules') || path.startsWith('answer'));

  return (
    <div className="card" data-testid="settings-listener">
      <h2 className="card__title">Listener</h2>
      <ListenerLimits draft={draft} setDraft={setDraft} errors={errors} portError={listenerStatus?.portError} />

      <h3>Retention</h3>
      <div className="row">
        <label className="field">
          <span>Keep at most (deliveries)</span>
          <input type="number" min={1} value={draft.retainDeliveries} data-testid="retain-deliveries" onChange={(e) => setDraft({ ...draft, retainDeliveries: Number(e.target.value) })} />
          <FieldError message={errors.retainDeliveries} />
        </label>
        <label className="field">
          <span>and at most (MiB of bodies and headers)</span>
          <input
            type="number"
            min={1}
            step={1}
            value={Math.round(draft.retainBytes / MIB)}
            data-testid="retain-mib"
            onChange={(e) => setDraft({ ...draft, retainBytes: Math.max(1, Number(e.target.value)) * MIB })}
          />
          <FieldError message={errors.retainBytes} />
        </label>
      </div>
      <p className="muted" data-testid="retention-now">
        The oldest deliveries are removed first.
        {listenerStatus &&
          ` Stored now: ${formatCount(listenerStatus.stored)} deliveries, ${formatBytes(listenerStatus.storedBytes)}` +
            (listenerStatus.removedByRetention > 0 ? `; ${formatCount(listenerStatus.removedByRetention)} removed since start.` : '.')}
      </p>

      <h3>Forward to</h3>
      <label className="field">
        <span>Local handler URLs, one per line (body byte-identical, headers as received)</span>
        <textarea rows={2} value={targetsText} data-testid="forward-targets" onChange={(e) => setTargetsText(e.target.value)} placeholder="http://localhost:3000/webhooks" />
        {targetErrors.map(([path, sentence]) => (
          <FieldError key={path} message={sentence} testId="forward-target-error" />
        ))}
      </label>
      <label>
        <input type="checkbox" checked={draft.passThrough} data-testid="pass-through" onChange={(e) => setDraft({ ...draft, passThrough: e.target.checked })} /> Pass-through: answer the service with the first handler&apos;s status
      </label>

      <AnswerRules draft={draft} setDraft={setDraft} errors={ruleErrors} />
      <div className="row" style={{ marginTop: 10 }}>
        <button type="button" className="button button--primary" data-testid="save-listener" onClick={() => void save()}>
          Save and apply
        </button>
        {message && (
          <span data-testid="listener-message">
            {/* A refused port change arrives in the status after the save answered: say so here too. */}
            {listenerStatus?.portError && message.endsWith('saved and applied') ? `${message}, except the port (see below)` : message}
          </span>
        )}
      </div>

      <WebhookKeys view={view} environments={environments} />
    </div>
  );
}
