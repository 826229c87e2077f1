import { useEffect, useState } from 'react';
import type { SettingsView } from '../../../../shared/contract';
import { SANDBOX_ENVIRONMENT_ID, type LiveEnvironment } from '../../../../shared/settings';
import { useEvent, useTransport } from '../../transport';
import { EnvironmentForm, movesOrigin, type EnvironmentDraft as Draft } from './EnvironmentForm';
import { environmentSecret, type EnvironmentCredential } from '../../../../shared/settings/secret-names';
import { PlainTable } from '../../components/PlainTable';
import { EnvironmentRow } from './EnvironmentRow';
import { PollerSettings } from './PollerSettings';

const EMPTY: Draft = { id: '', name: '', baseUrl: '', apiV3Url: '', clientId: '', clientSecret: '', secretKey: '' };

/** An id settings accept (`[a-z0-9-]{1,40}`), derived from the name. */
function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'env';
}

/**
 * Environments of the service: the embedded sandbox and live ones the user adds. Secrets go
 * to the main process with `secrets.set` and are never read back: the form only shows whether
 * each is set. Switching the active environment restarts the poller on that environment's cursor.
 */
export function EnvironmentSettings() {
  const transport = useTransport();
  const [view, setView] = useState<SettingsView | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    transport.call('settings.get', {}).then(setView, (e: Error) => setMessage({ ok: false, text: e.message }));
  }, [transport]);
  useEvent('settings.changed', setView);
  if (!view) return <div className="card">Loading environments…</div>;
  const { environments, poller } = view.settings;
  const isSet = (id: string, secret: EnvironmentCredential) => view.secretsSet.includes(environmentSecret(id, secret));

  const fail = (e: Error) => setMessage({ ok: false, text: e.message });
  const activate = (id: string) => transport.call('settings.update', { environments: { active: id } }).then(setView, fail);
  const remove = (id: string) =>
    transport
      .call('settings.update', {
        environments: { live: environments.live.filter((e) => e.id !== id), active: environments.active === id ? SANDBOX_ENVIRONMENT_ID : environments.active },
      })
      // The core deletes a removed environment's secrets with it.
      .then(setView, fail);
  const test = (id: string) =>
    transport.call('history.testConnection', { environmentId: id }).then((r) => setMessage({ ok: r.ok, text: r.message }), fail);

  const save = async (d: Draft) => {
    try {
      const id = d.id || slug(d.name);
      if (!d.id && (id === SANDBOX_ENVIRONMENT_ID || environments.live.some((e) => e.id === id))) {
        throw new Error(`an environment with id "${id}" exists already: choose another name`);
      }
      const env: LiveEnvironment = { id, name: d.name.trim(), baseUrl: d.baseUrl.trim(), apiV3Url: d.apiV3Url.trim(), clientId: d.clientId.trim() };
      const live = environments.live.some((e) => e.id === id)
        ? environments.live.map((e) => (e.id === id ? env : e))
        : [...environments.live, env];
      const setSecrets = async () => {
        if (d.clientSecret) await transport.call('secrets.set', { name: environmentSecret(id, 'clientSecret'), value: d.clientSecret });
        if (d.secretKey) await transport.call('secrets.set', { name: environmentSecret(id, 'secretKey'), value: d.secretKey });
      };
      // Secrets first, so the poller never starts on the environment without them; except when
      // the origin moves: the core then clears the secrets bound to the old origin, so the new
      // ones must follow the move.
      const moving = movesOrigin(environments.live.find((e) => e.id === id), d);
      if (!moving) await setSecrets();
      setView(await transport.call('settings.update', { environments: { live } }));
      if (moving) {
        await setSecrets();
        setView(await transport.call('settings.get', {}));
      }
      setDraft(null);
      setMessage({ ok: true, text: `saved ${env.name}` });
    } catch (e) {
      fail(e as Error);
    }
  };

  return (
    <div className="card" data-testid="environment-settings">
      <h2 className="card__title">Environments</h2>
      <p className="muted">
        The service Hooklab polls for delivery history and resends through. Secrets are stored in the main process and never shown again.
      </p>
      <PlainTable head={['Active', 'Name', 'Base URL', 'Client id', 'Secrets', '']}>
        <tr data-testid="env-row-sandbox">
          <td>
            <input type="radio" name="active-env" checked={environments.active === SANDBOX_ENVIRONMENT_ID} onChange={() => void activate(SANDBOX_ENVIRONMENT_ID)} data-testid="env-activate-sandbox" aria-label="Use the Sandbox" />
          </td>
          <td>
            Sandbox <span className="badge badge--sandbox">local emulator</span>
          </td>
          <td className="muted">embedded</td>
          <td className="muted">generated</td>
          <td className="muted">generated</td>
          <td>
            <button type="button" className="button button--small" onClick={() => void test(SANDBOX_ENVIRONMENT_ID)} data-testid="env-test-sandbox">
              Test
            </button>
          </td>
        </tr>
        {environments.live.map((e) => (
          <EnvironmentRow
            key={e.id}
            environment={e}
            active={environments.active === e.id}
            isSet={isSet}
            onActivate={() => void activate(e.id)}
            onEdit={() => setDraft({ ...e, clientSecret: '', secretKey: '' })}
            onTest={() => void test(e.id)}
            onRemove={() => void remove(e.id)}
          />
        ))}
      </PlainTable>
      {message && (
        <p className={message.ok ? 'notice' : 'notice notice--error'} data-testid="env-message">
          {message.text}
        </p>
      )}
      {draft ? (
        <EnvironmentForm
          draft={draft}
          saved={environments.live.find((e) => e.id === draft.id)}
          isSet={isSet}
          onChange={setDraft}
          onSave={(d) => void save(d)}
          onCancel={() => setDraft(null)}
        />
      ) : (
        <button type="button" className="button" onClick={() => setDraft(EMPTY)} data-testid="env-add">
          Add live environment
        </button>
      )}
      <PollerSettings poller={poller} setView={setView} fail={fail} />
    </div>
  );
}
