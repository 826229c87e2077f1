import { useState } from 'react';
import type { KeyChoice, ReplayKey } from '../../../../shared/contract/replay-drafts';
import type { SettingsView } from '../../../../shared/contract';
import { SANDBOX_ENVIRONMENT_ID } from '../../../../shared/settings';
import { useTransport } from '../../transport';
import { useSettingsView } from '../../app-state/use-settings-view';
import type { Loaded } from './replay-data';

const STATE_TEXT: Record<ReplayKey['state'], string> = {
  current: 'current',
  accepted: 'earlier, accepted',
  retired: 'retired',
  throwaway: 'typed for Replay',
};

function environmentOf(view: SettingsView | null, key: ReplayKey): string | null {
  if (key.kind !== 'listener') return null;
  const meta = view?.settings.listener.keys.find((k) => k.id === key.id);
  if (!meta?.environmentId) return null;
  if (meta.environmentId === SANDBOX_ENVIRONMENT_ID) return 'Sandbox';
  return view?.settings.environments.live.find((e) => e.id === meta.environmentId)?.name ?? null;
}

function choiceValue(choice: KeyChoice): string {
  return choice.kind === 'current' ? 'current' : `${choice.kind}:${choice.id}`;
}

function parseChoice(value: string): KeyChoice {
  if (value === 'current') return { kind: 'current' };
  const [kind, ...id] = value.split(':');
  return { kind: kind === 'throwaway' ? 'throwaway' : 'listener', id: id.join(':') };
}

/**
 * Which key signs: configured keys by label and environment, or a key typed here. A typed key
 * goes to the core once (stored as a secret) and the field is cleared: the renderer keeps only
 * its id.
 */
export function KeyPicker({ value, onChange, keys, testId = 'replay-key' }: { value: KeyChoice; onChange: (k: KeyChoice) => void; keys: Loaded<ReplayKey[]>; testId?: string }) {
  const transport = useTransport();
  const view = useSettingsView();
  const [typing, setTyping] = useState(false);
  const [label, setLabel] = useState('');
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | null>(null);
  const list = keys.value ?? [];
  const chosen = value.kind === 'current' ? null : list.find((k) => k.kind === value.kind && k.id === value.id);
  const missing = value.kind !== 'current' && keys.value !== null && (!chosen || !chosen.available);

  const addTyped = async () => {
    setError(null);
    try {
      const { id } = await transport.call('replay.addThrowawayKey', { label: label.trim() || 'typed key', value: secret });
      // The value is in the core now; forget it here.
      setSecret('');
      setLabel('');
      setTyping(false);
      keys.reload();
      onChange({ kind: 'throwaway', id });
    } catch (e) {
      setSecret('');
      setError((e as Error).message);
    }
  };

  return (
    <div className="replay-key" data-testid={testId}>
      <label className="field">
        <span>Signing key</span>
        <select value={choiceValue(value)} onChange={(e) => onChange(parseChoice(e.target.value))} data-testid={`${testId}-select`}>
          <option value="current">The listener's current key</option>
          {list.map((k) => {
            const env = environmentOf(view, k);
            return (
              <option key={`${k.kind}:${k.id}`} value={`${k.kind}:${k.id}`} disabled={!k.available}>
                {k.label || k.id} · {STATE_TEXT[k.state]}
                {env ? ` · ${env}` : ''}
                {k.available ? '' : ' (secret missing)'}
              </option>
            );
          })}
        </select>
      </label>
      {keys.error && <p className="notice notice--error">Keys could not be listed: {keys.error}</p>}
      {missing && (
        <p className="notice notice--error" data-testid={`${testId}-missing`}>
          The key this draft signs with was removed (or its secret is gone). Choose another key.
        </p>
      )}
      {typing ? (
        <form
          className="replay-key__typed"
          onSubmit={(e) => {
            e.preventDefault();
            void addTyped();
          }}
        >
          <input placeholder="label" value={label} onChange={(e) => setLabel(e.target.value)} data-testid={`${testId}-typed-label`} />
          <input
            type="password"
            autoComplete="off"
            placeholder="key value"
            value={secret}
            onChange={(e) => setSecret(e.target.value)}
            data-testid={`${testId}-typed-value`}
          />
          <button type="submit" className="button button--small button--primary" disabled={secret === ''} data-testid={`${testId}-typed-add`}>
            Use this key
          </button>
          <button type="button" className="button button--small" onClick={() => (setTyping(false), setSecret(''))}>
            Cancel
          </button>
          <p className="muted">Stored encrypted in the core for this draft; never shown again.</p>
        </form>
      ) : (
        <button type="button" className="button button--small" onClick={() => setTyping(true)} data-testid={`${testId}-type`}>
          Type a throwaway key…
        </button>
      )}
      {error && <p className="notice notice--error">{error}</p>}
    </div>
  );
}
