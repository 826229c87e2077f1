import { useState } from 'react';
import type { SandboxCredentials, SandboxInfo } from '../../../../shared/contract/sandbox';
import { CopyButton } from '../../components/CopyButton';
import { useTransport } from '../../transport';

function Value({ value, testId }: { value: string | null; testId: string }) {
  if (value === null) return <dd className="muted">—</dd>;
  return (
    <dd>
      <span data-testid={testId}>{value}</span>
      <CopyButton text={value} />
    </dd>
  );
}

const SECRET_FIELDS = [
  ['clientSecret', 'Client secret'],
  ['secretKey', 'Secret key'],
  ['webhookKey', 'Webhook signing key'],
] as const;

/** Where the sandbox listens and its store's credentials; secrets only after Reveal. */
export function ConnectionCard({ info }: { info: SandboxInfo }) {
  const transport = useTransport();
  const [secrets, setSecrets] = useState<SandboxCredentials | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reveal = () =>
    transport.call('sandbox.revealCredentials', {}).then(
      (c) => {
        setSecrets(c);
        setError(null);
      },
      (e: Error) => setError(e.message),
    );
  return (
    <div className="card" data-testid="sandbox-connection">
      <h2 className="card__title">Store and credentials</h2>
      <p className="muted">
        Point your integration at these URLs and credentials to test against the sandbox. Its
        webhooks go to Hooklab&apos;s listener, which shows them in Live.
      </p>
      <dl className="kv">
        <dt>Base URL</dt>
        <Value value={info.baseUrl} testId="sandbox-base-url" />
        <dt>Delivery history API</dt>
        <Value value={info.apiV3Url} testId="sandbox-api-v3-url" />
        <dt>Store</dt>
        <Value value={info.storeId} testId="sandbox-store-id" />
        <dt>Client id</dt>
        <Value value={info.clientId} testId="sandbox-client-id" />
        <dt>Webhook URL</dt>
        <Value value={info.webhookUrl} testId="sandbox-webhook-url" />
        {SECRET_FIELDS.map(([field, label]) => (
          <Secret key={field} label={label} value={secrets?.[field] ?? null} testId={`sandbox-${field}`} />
        ))}
      </dl>
      <div className="row" style={{ marginTop: 8 }}>
        {secrets ? (
          <button type="button" className="button" onClick={() => setSecrets(null)} data-testid="sandbox-hide">
            Hide secrets
          </button>
        ) : (
          <button type="button" className="button" onClick={() => void reveal()} data-testid="sandbox-reveal">
            Reveal secrets
          </button>
        )}
        <span className="muted">
          These are the sandbox&apos;s own generated test values, safe to show. Live secrets are never shown.
        </span>
      </div>
      {error && <p className="notice notice--error">{error}</p>}
    </div>
  );
}

function Secret({ label, value, testId }: { label: string; value: string | null; testId: string }) {
  return (
    <>
      <dt>{label}</dt>
      {value === null ? (
        <dd className="muted" data-testid={`${testId}-hidden`}>
          ••••••••
        </dd>
      ) : (
        <Value value={value} testId={testId} />
      )}
    </>
  );
}
