import { useStatusStore } from '../../app-state/status-store';
import { hrefFor } from '../../app-state/routes';
import { useTransport } from '../../transport';

/** Which environment Hooklab talks to, and the way to switch between sandbox and live. */
export function EnvironmentCard() {
  const transport = useTransport();
  const env = useStatusStore((s) => s.status?.host.environment);
  return (
    <div className="card" data-testid="sandbox-environment">
      <h2 className="card__title">Environment</h2>
      {env?.isSandbox ? (
        <p data-testid="sandbox-active">History, polling and resends use this sandbox now.</p>
      ) : (
        <div className="row">
          <span>
            Hooklab talks to the live service <strong>{env?.name}</strong> now.
          </span>
          <button type="button" className="button" data-testid="use-sandbox" onClick={() => void transport.call('sandbox.useSandbox', {})}>
            Use the sandbox
          </button>
        </div>
      )}
      <p>
        <a href={hrefFor('settings', 'environments')} data-testid="switch-to-live">
          Switch to a live service
        </a>{' '}
        <span className="muted">(add its URLs and credentials in Settings, then make it active).</span>
      </p>
    </div>
  );
}
