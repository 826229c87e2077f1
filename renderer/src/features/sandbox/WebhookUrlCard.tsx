import { useEffect, useState } from 'react';
import type { SandboxInfo } from '../../../../shared/contract/sandbox';
import { useTransport } from '../../transport';
import { useSandbox } from './sandbox-store';
import { Button, Card, Notice } from '../../components/ui';

/**
 * The sandbox plays the merchant portal's webhook setting (interface 6.1): one URL or several
 * separated by `;`, each getting its own event id. Pointing it at an old address shows, offline,
 * what History and Live say when the service sends elsewhere.
 */
export function WebhookUrlCard({ info }: { info: SandboxInfo }) {
  const { loadSandbox } = useSandbox();
  const transport = useTransport();
  const [draft, setDraft] = useState(info.webhookUrl ?? '');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => setDraft(info.webhookUrl ?? ''), [info.webhookUrl]);
  const save = async () => {
    setMessage(null);
    try {
      const r = await transport.call('sandbox.setWebhookUrl', { url: draft });
      setMessage({ ok: true, text: `Saved: the sandbox sends each event to ${r.urls.length === 1 ? 'this URL' : `these ${r.urls.length} URLs, each with its own event id`}.` });
      await loadSandbox();
    } catch (error) {
      setMessage({ ok: false, text: `Not saved: ${(error as Error).message}` });
    }
  };
  return (
    <Card title="Webhook URL (as in the merchant portal)" testId="sandbox-webhook">
      <label className="field">
        <span>URLs the sandbox sends to, separated by ;</span>
        <input value={draft} onChange={(e) => setDraft(e.target.value)} data-testid="sandbox-webhook-input" spellCheck={false} />
      </label>
      <div className="row">
        <Button kind="primary" onClick={() => void save()} data-testid="sandbox-webhook-save">
          Save
        </Button>
        {message &&
          (message.ok ? (
            <span className="muted" data-testid="sandbox-webhook-message">
              {message.text}
            </span>
          ) : (
            <Notice tone="error" testId="sandbox-webhook-message">
              {message.text}
            </Notice>
          ))}
      </div>
    </Card>
  );
}
