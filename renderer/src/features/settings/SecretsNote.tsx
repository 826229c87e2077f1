import { useStatusStore } from '../../app-state/status-store';

/** Where secrets live, and the host's warning about how well they are protected, if any. */
export function SecretsNote() {
  const host = useStatusStore((s) => s.status?.host);
  return (
    <div className="card" data-testid="settings-secrets">
      <h2 className="card__title">Secrets</h2>
      <p>
        Client secrets, secret keys and webhook signing keys are kept by the main process only,
        {host?.kind === 'electron'
          ? ' encrypted with the operating system\u2019s key store'
          : ' in a file readable only by your user account, not encrypted'}
        {host ? (
          <>
            {' '}
            under <code>{host.dataDir}</code>
          </>
        ) : null}
        . The UI can set or forget a secret but never reads one back.
      </p>
      {host?.secretsWarning && (
        <p className="notice notice--warn" data-testid="secrets-warning">
          {host.secretsWarning}
        </p>
      )}
    </div>
  );
}
