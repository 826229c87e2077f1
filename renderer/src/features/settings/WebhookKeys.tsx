import { useState } from 'react';
import type { SettingsView } from '../../../../shared/contract';
import { transport } from '../../transport';
import { webhookKeySecret } from '../../../../shared/settings/secret-names';
import { PlainTable } from '../../components/PlainTable';
import { Time } from '../../components/ui';

type Environments = Array<{ id: string; name: string }>;

/**
 * Which environment (store) signs with a key: reconciling one environment leaves out what the
 * keys of the others verified.
 */
function EnvironmentSelect(props: { environments: Array<{ id: string; name: string }>; value: string | null; testId: string; label: string; onChange: (id: string | null) => void }) {
  return (
    <select value={props.value ?? ''} data-testid={props.testId} aria-label={props.label} title="The store that signs with this key" onChange={(e) => props.onChange(e.target.value === '' ? null : e.target.value)}>
      <option value="">any environment</option>
      {props.environments.map((env) => (
        <option key={env.id} value={env.id}>
          {env.name}
        </option>
      ))}
    </select>
  );
}

/** What removing a key stops, said before it is removed. */
function removalWarning(keys: SettingsView['settings']['listener']['keys'], index: number): string {
  const name = (k: (typeof keys)[number]) => `"${k.label || k.id}"`;
  const key = keys[index]!;
  if (keys.length === 1) return `Remove ${name(key)}? It is the only key: Hooklab will then verify no signature, and every new delivery shows "no key".`;
  const after = index === 0 ? ` ${name(keys[1]!)} becomes the current key.` : '';
  return `Remove ${name(key)}? New deliveries signed with it will no longer verify (they show "invalid").${after}`;
}

/** The webhook signing keys: rotation, the environment that signs with each, add and remove. */
export function WebhookKeys({ view, environments }: { view: SettingsView; environments: Environments }) {
  const [keyLabel, setKeyLabel] = useState('');
  const [keyValue, setKeyValue] = useState('');
  const [keyEnvironment, setKeyEnvironment] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  /** The new key waits for the answer to "does it become the current one?". */
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const keys = view.settings.listener.keys;
  const act = async (what: string, run: () => Promise<string | null | void>) => {
    setMessage(null);
    try {
      setMessage((await run()) || `${what}: saved and applied`);
    } catch (error) {
      setMessage(`${what} failed: ${(error as Error).message}`);
    }
  };
  const removingIndex = keys.findIndex((k) => k.id === removing);
  const addKey = (makeCurrent: boolean) => {
    setAsking(false);
    void act('Key', async () => {
      const { notice } = await transport.call('live.addKey', { label: keyLabel, value: keyValue, environmentId: keyEnvironment, makeCurrent });
      setKeyValue('');
      setKeyLabel('');
      const added = makeCurrent ? 'Key added as the current key.' : 'Key added; the current key is unchanged.';
      return notice ? `${added} ${notice}` : added;
    });
  };
  return (
    <>
      <h3>Webhook signing keys</h3>
      <p className="muted">The first is current. Earlier keys stay accepted during a rotation until you retire them; retired keys only explain failures.</p>
      <PlainTable testId="webhook-keys">
        {keys.map((k, i) => (
          <tr key={k.id}>
            <td>{i === 0 ? <span className="badge badge--ok">current</span> : k.accepted ? 'accepted' : 'retired'}</td>
            <td>{k.label || k.id}</td>
            <td className="muted">
              <Time iso={k.addedAt} />
            </td>
            <td>{view.secretsSet.includes(webhookKeySecret(k.id)) ? 'set' : <span style={{ color: 'var(--error)' }}>value missing</span>}</td>
            <td>
              <EnvironmentSelect
                environments={environments}
                value={k.environmentId}
                testId={`key-environment-${k.id}`}
                label={`Environment of the key ${k.label || k.id}`}
                onChange={(environmentId) => void act('Key', () => transport.call('live.setKeyEnvironment', { id: k.id, environmentId }).then(() => null))}
              />
            </td>
            <td>
              {i > 0 && (
                <button type="button" className="button button--small" onClick={() => void act('Key', () => transport.call('live.setKeyAccepted', { id: k.id, accepted: !k.accepted }).then(() => null))}>
                  {k.accepted ? 'Retire' : 'Accept again'}
                </button>
              )}{' '}
              <button type="button" className="button button--small" data-testid={`remove-key-${i}`} onClick={() => setRemoving(k.id)}>
                Remove
              </button>
            </td>
          </tr>
        ))}
      </PlainTable>
      {removingIndex >= 0 && (
        <div className="notice notice--warn row" data-testid="remove-key-confirm">
          <span data-testid="remove-key-warning">{removalWarning(keys, removingIndex)}</span>
          <button
            type="button"
            className="button button--small"
            data-testid="remove-key-yes"
            onClick={() => {
              const id = keys[removingIndex]!.id;
              setRemoving(null);
              void act('Key', () => transport.call('live.removeKey', { id }).then(() => 'Key removed'));
            }}
          >
            Remove key
          </button>
          <button type="button" className="button button--small" data-testid="remove-key-no" onClick={() => setRemoving(null)}>
            Cancel
          </button>
        </div>
      )}
      <div className="row">
        <input placeholder="label" aria-label="New key's label" value={keyLabel} onChange={(e) => setKeyLabel(e.target.value)} data-testid="key-label" />
        <input type="password" placeholder="secret key from the portal" aria-label="New key's secret value" value={keyValue} onChange={(e) => setKeyValue(e.target.value)} data-testid="key-value" autoComplete="off" />
        <EnvironmentSelect environments={environments} value={keyEnvironment} testId="key-environment" label="Environment of the new key" onChange={setKeyEnvironment} />
        <button
          type="button"
          className="button"
          disabled={keyValue === '' || asking}
          data-testid="add-key"
          onClick={() => (keys.length === 0 ? addKey(true) : setAsking(true))}
        >
          Add key
        </button>
      </div>
      {asking && keys[0] && (
        <div className="notice row" data-testid="add-key-question">
          <span>
            Make the new key the current one? Replay, the handler check and <code>hooklab</code> commands sign with the current key, now “{keys[0].label || keys[0].id}”.
            Either way the listener accepts both.
          </span>
          <button type="button" className="button button--small" data-testid="add-key-current" onClick={() => addKey(true)}>
            Make it current
          </button>
          <button type="button" className="button button--small" data-testid="add-key-keep" onClick={() => addKey(false)}>
            Keep “{keys[0].label || keys[0].id}” current
          </button>
        </div>
      )}
      {message && <p data-testid="key-message">{message}</p>}
    </>
  );
}
