import { useEffect, useState } from 'react';
import { TunnelSettingsSchema, type TunnelSettings as Tunnel } from '../../../../shared/settings';
import { fieldErrors, type FieldErrors } from '../../../../shared/validation/field-errors';
import { sectionLabels } from '../../../../shared/settings/field-labels';
import { FieldError } from '../../components/FieldError';
import { CopyButton } from '../../components/CopyButton';
import { useStatusStore } from '../../app-state/status-store';
import { transport } from '../../transport';
import { useSettingsView } from '../../app-state/use-settings-view';
import { ProbeNow } from './ProbeNow';
import { PublicUrlVerdict } from './PublicUrlVerdict';
import { oneSentence, PUBLIC_URL, tunnelStateWords } from '../../../../shared/net/public-url-words';
import { Badge, Button, Card, Notice } from '../../components/ui';

type Draft = Pick<Tunnel, 'enabled' | 'host' | 'subdomain' | 'ownPublicUrl' | 'hosts' | 'probeIntervalSeconds'>;

const DraftSchema = TunnelSettingsSchema.pick({ enabled: true, host: true, subdomain: true, ownPublicUrl: true, hosts: true, probeIntervalSeconds: true });
const LABELS = sectionLabels('tunnel');

/** The public URL: a localtunnel (public or self-hosted server), or the user's own (ngrok, cloudflared). */
export function TunnelSettings() {
  const view = useSettingsView();
  const status = useStatusStore((s) => s.status?.tunnel);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const tunnel = view?.settings.tunnel;
  useEffect(() => {
    if (tunnel) {
      const { enabled, host, subdomain, ownPublicUrl, hosts, probeIntervalSeconds } = tunnel;
      setDraft({ enabled, host, subdomain, ownPublicUrl, hosts, probeIntervalSeconds });
    }
  }, [tunnel]);
  if (!draft) return <div className="card">Loading the public URL's settings…</div>;

  const save = async () => {
    setMessage(null);
    const tunnel = { ...draft, subdomain: draft.subdomain || null, ownPublicUrl: draft.ownPublicUrl || null };
    // Checked here with the core's own schema, so each mistake is said next to its field.
    const checked = DraftSchema.safeParse(tunnel);
    setErrors(checked.success ? {} : fieldErrors(checked.error.issues, LABELS));
    if (!checked.success) return;
    try {
      await transport.call('settings.update', { tunnel });
      setMessage('Saved and applied');
    } catch (error) {
      setMessage(`Not saved: ${(error as Error).message}`);
    }
  };

  return (
    <Card title={PUBLIC_URL} testId="settings-tunnel">
      {status && (
        <div className="row" data-testid="tunnel-status">
          <Badge tone={status.state === 'error' ? 'error' : status.state === 'open' || status.state === 'own-url' ? 'ok' : 'neutral'}>{tunnelStateWords(status.state)}</Badge>
          {status.publicUrl && (
            <>
              <code data-testid="tunnel-url">{status.publicUrl}</code>
              <CopyButton text={status.publicUrl} testId="copy-tunnel-url" />
            </>
          )}
          {status.error && <Notice tone="error">{oneSentence(status.error)}</Notice>}
          {status.state !== 'disabled' && status.state !== 'own-url' && (
            <Button onClick={() => void transport.call('live.reconnectTunnel', {})}>Reconnect</Button>
          )}
        </div>
      )}
      {status?.notice && (
        <Notice tone="warn" testId="tunnel-notice">
          {status.notice}
        </Notice>
      )}
      {status && <PublicUrlVerdict tunnel={status} intervalSeconds={tunnel?.probeIntervalSeconds ?? 60} />}
      <ProbeNow publicUrl={status?.publicUrl ?? null} state={status?.state ?? 'disabled'} />
      {status?.urlChanged && (
        <Notice tone="warn" testId="tunnel-url-changed">
          The public URL differs from last time: update the webhook URL in the merchant portal.
        </Notice>
      )}
      <label>
        <input type="checkbox" checked={draft.enabled} data-testid="tunnel-enabled" onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })} /> Open a localtunnel to the listener
      </label>
      <div className="row">
        <label className="field">
          <span>Tunnel server (public or self-hosted)</span>
          <input value={draft.host} onChange={(e) => setDraft({ ...draft, host: e.target.value })} aria-invalid={'host' in errors} data-testid="tunnel-host" />
          <FieldError message={errors.host} testId="tunnel-host-error" />
        </label>
        <label className="field">
          <span>Requested subdomain (optional{tunnel?.autoSubdomain ? `; otherwise ${tunnel.autoSubdomain}, kept for this data folder` : ''})</span>
          <input value={draft.subdomain ?? ''} onChange={(e) => setDraft({ ...draft, subdomain: e.target.value })} aria-invalid={'subdomain' in errors} data-testid="tunnel-subdomain" />
          <FieldError message={errors.subdomain} testId="tunnel-subdomain-error" />
        </label>
      </div>
      <div className="row">
        <label className="field">
          <span>Tunnel servers, one per line, tried in order after two failed probes (optional: replaces the server above)</span>
          <textarea
            rows={2}
            value={draft.hosts.join('\n')}
            onChange={(e) => setDraft({ ...draft, hosts: e.target.value.split('\n').map((h) => h.trim()).filter((h) => h !== '') })}
            aria-invalid={Object.keys(errors).some((k) => k.startsWith('hosts'))}
            data-testid="tunnel-hosts"
          />
          <FieldError message={Object.entries(errors).find(([k]) => k.startsWith('hosts'))?.[1]} testId="tunnel-hosts-error" />
        </label>
        <label className="field">
          <span>Probe the public URL every (seconds, at least 5)</span>
          <input
            type="number"
            min={5}
            value={draft.probeIntervalSeconds}
            onChange={(e) => setDraft({ ...draft, probeIntervalSeconds: Number(e.target.value) })}
            aria-invalid={'probeIntervalSeconds' in errors}
            data-testid="tunnel-probe-interval"
          />
          <FieldError message={errors.probeIntervalSeconds} testId="tunnel-probe-interval-error" />
        </label>
      </div>
      <label className="field">
        <span>Use my own public URL instead (ngrok, cloudflared…)</span>
        <input
          value={draft.ownPublicUrl ?? ''}
          placeholder="https://…"
          onChange={(e) => setDraft({ ...draft, ownPublicUrl: e.target.value })}
          aria-invalid={'ownPublicUrl' in errors}
          data-testid="own-public-url"
        />
        <FieldError message={errors.ownPublicUrl} testId="own-public-url-error" />
      </label>
      <div className="row">
        <Button kind="primary" onClick={() => void save()} data-testid="save-tunnel">
          Save and apply
        </Button>
        {message && <span>{message}</span>}
      </div>
    </Card>
  );
}
