import { useEffect, useState } from 'react';
import {
  ListenerSettingsSchema,
  SANDBOX_ENVIRONMENT_ID,
  type AnswerRule,
  type ListenerAnswer,
  type ListenerSettings as Listener,
} from '../../../../shared/settings';
import { fieldErrors, type FieldErrors } from '../../../../shared/validation/field-errors';
import { sectionLabels } from '../../../../shared/settings/field-labels';
import { FieldError } from '../../components/FieldError';
import { transport } from '../../transport';
import { useStatusStore } from '../../app-state/status-store';
import { useSettingsView } from '../../app-state/use-settings-view';
import { bytesTitle, formatBytes, formatCount } from '../../lib/format';
import { WebhookKeys } from './WebhookKeys';

type Draft = Pick<
  Listener,
  | 'port'
  | 'bodyLimitBytes'
  | 'headersTimeoutMs'
  | 'requestTimeoutMs'
  | 'idleTimeoutMs'
  | 'maxConnections'
  | 'retainDeliveries'
  | 'retainBytes'
  | 'forwardTargets'
  | 'passThrough'
  | 'answer'
  | 'rules'
>;

const MIB = 1024 * 1024;

const DraftSchema = ListenerSettingsSchema.pick({
  port: true,
  bodyLimitBytes: true,
  headersTimeoutMs: true,
  requestTimeoutMs: true,
  idleTimeoutMs: true,
  maxConnections: true,
  retainDeliveries: true,
  retainBytes: true,
  forwardTargets: true,
  passThrough: true,
  answer: true,
  rules: true,
});
const LABELS = sectionLabels('listener');

function AnswerFields({ value, onChange, prefix }: { value: ListenerAnswer; onChange: (a: ListenerAnswer) => void; prefix: string }) {
  return (
    <span className="row">
      <label>
        status{' '}
        <input type="number" min={100} max={599} value={value.status} data-testid={`${prefix}-status`} onChange={(e) => onChange({ ...value, status: Number(e.target.value) })} style={{ width: 64 }} />
      </label>
      <label>
        delay ms <input type="number" min={0} value={value.delayMs} onChange={(e) => onChange({ ...value, delayMs: Number(e.target.value) })} style={{ width: 72 }} />
      </label>
      <label>
        body <input value={value.body} onChange={(e) => onChange({ ...value, body: e.target.value })} />
      </label>
      <label>
        <input type="checkbox" checked={value.hang} onChange={(e) => onChange({ ...value, hang: e.target.checked })} /> never answer (timeout)
      </label>
    </span>
  );
}

/** Listener port, limits, signing keys (rotation), forward targets and the answer to the service. */
export function ListenerSettings() {
  const view = useSettingsView();
  const [draft, setDraft] = useState<Draft | null>(null);
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
    const checked = DraftSchema.safeParse(next);
    setErrors(checked.success ? {} : fieldErrors(checked.error.issues, LABELS));
    if (!checked.success) {
      setMessage('Not saved: see the fields marked below.');
      return Promise.resolve();
    }
    return act('Listener settings', () => transport.call('settings.update', { listener: next }));
  };
  const targetErrors = Object.entries(errors).filter(([path]) => path.startsWith('forwardTargets'));
  const ruleErrors = Object.entries(errors).filter(([path]) => path.startsWith('rules') || path.startsWith('answer'));
  const setRule = (i: number, rule: AnswerRule) => setDraft({ ...draft, rules: draft.rules.map((r, j) => (j === i ? rule : r)) });

  return (
    <div className="card" data-testid="settings-listener">
      <h2 className="card__title">Listener</h2>
      <div className="row">
        <label className="field">
          <span>Port (stable, so the portal URL survives restarts)</span>
          <input type="number" min={0} max={65535} value={draft.port} data-testid="listener-port" onChange={(e) => setDraft({ ...draft, port: Number(e.target.value) })} />
          <FieldError message={errors.port ?? listenerStatus?.portError ?? undefined} testId="listener-port-error" />
        </label>
        <label className="field">
          {/* In MiB like retention below; any fraction, the exact byte count on hover. */}
          <span>Body limit (MiB)</span>
          <input
            type="number"
            min={1 / 1024}
            step="any"
            value={Number((draft.bodyLimitBytes / MIB).toFixed(4))}
            title={bytesTitle(draft.bodyLimitBytes)}
            data-testid="listener-body-limit-mib"
            onChange={(e) => setDraft({ ...draft, bodyLimitBytes: Math.round(Number(e.target.value) * MIB) })}
          />
          <FieldError message={errors.bodyLimitBytes} />
        </label>
        <label className="field">
          <span>Headers timeout (ms)</span>
          <input type="number" min={100} value={draft.headersTimeoutMs} onChange={(e) => setDraft({ ...draft, headersTimeoutMs: Number(e.target.value) })} />
          <FieldError message={errors.headersTimeoutMs} />
        </label>
        <label className="field">
          <span>Request timeout (ms): a body still arriving then is cut off</span>
          <input type="number" min={500} value={draft.requestTimeoutMs} data-testid="listener-request-timeout" onChange={(e) => setDraft({ ...draft, requestTimeoutMs: Number(e.target.value) })} />
          <FieldError message={errors.requestTimeoutMs} />
        </label>
        <label className="field">
          <span>Idle timeout (ms)</span>
          <input type="number" min={500} value={draft.idleTimeoutMs} onChange={(e) => setDraft({ ...draft, idleTimeoutMs: Number(e.target.value) })} />
          <FieldError message={errors.idleTimeoutMs} />
        </label>
        <label className="field">
          <span>Open connections at most (the longest idle is closed beyond it)</span>
          <input type="number" min={8} value={draft.maxConnections} data-testid="listener-max-connections" onChange={(e) => setDraft({ ...draft, maxConnections: Number(e.target.value) })} />
          <FieldError message={errors.maxConnections} />
        </label>
      </div>

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

      <h3>Answer to the service</h3>
      <AnswerFields prefix="answer" value={draft.answer} onChange={(answer) => setDraft({ ...draft, answer })} />
      <p className="muted">Rules, tried in order, for the first attempts of each event id (retries and resends are later attempts):</p>
      {draft.rules.map((rule, i) => (
        <div key={i} className="row" data-testid="answer-rule">
          <label>
            first{' '}
            <input type="number" min={1} value={rule.firstAttempts} style={{ width: 56 }} onChange={(e) => setRule(i, { ...rule, firstAttempts: Number(e.target.value) })} /> attempts:
          </label>
          <AnswerFields prefix={`rule-${i}`} value={rule.answer} onChange={(answer) => setRule(i, { ...rule, answer })} />
          <button type="button" className="button button--small" onClick={() => setDraft({ ...draft, rules: draft.rules.filter((_, j) => j !== i) })}>
            Remove
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button button--small"
        data-testid="add-rule"
        onClick={() => setDraft({ ...draft, rules: [...draft.rules, { firstAttempts: 3, answer: { status: 500, delayMs: 0, body: '', hang: false } }] })}
      >
        Add rule
      </button>
      {ruleErrors.map(([path, sentence]) => (
        <FieldError key={path} message={sentence} testId="answer-error" />
      ))}
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
