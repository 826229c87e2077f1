import type { AppStatus } from '../../../shared/contract';
import { useStatusStore } from '../app-state/status-store';
import { formatBytes, formatCount } from '../lib/format';
import { PublicUrlStatus } from './PublicUrlStatus';
import { oneSentence } from '../../../shared/net/public-url-words';

type Tone = 'ok' | 'warn' | 'error' | 'idle';

function Item({ name, tone, children, testId, shrinks = false }: { name: string; tone: Tone; children: React.ReactNode; testId: string; shrinks?: boolean }) {
  return (
    <span className={`status-item status-item--${tone}${shrinks ? ' status-item--shrinks' : ''}`} data-testid={testId}>
      <span className="status-item__dot" aria-hidden="true" />
      <span className="status-item__name">{name}</span>
      {children}
    </span>
  );
}

/** An error as one sentence on the line, whole on hover. */
function ErrorText({ text }: { text: string }) {
  return (
    <span className="status-item__error status-item__detail" title={text}>
      {oneSentence(text)}
    </span>
  );
}

const listenerTone = (s: AppStatus['listener']): Tone =>
  s.state === 'listening' ? 'ok' : s.state === 'error' ? 'error' : s.state === 'starting' ? 'warn' : 'idle';
const pollerTone = (s: AppStatus['poller']): Tone =>
  s.state === 'caught-up' || s.state === 'idle' || s.state === 'polling' ? 'ok' : s.state === 'error' ? 'error' : s.state === 'behind' ? 'warn' : 'idle';
const sandboxTone = (s: AppStatus['sandbox']): Tone =>
  s.state === 'running' ? 'ok' : s.state === 'error' ? 'error' : s.state === 'starting' ? 'warn' : 'idle';

/**
 * One line at the bottom: where Hooklab runs, which environment, and each service's state. Each
 * error is one sentence cut to the line, whole on hover.
 */
export function StatusBar() {
  const { status, error } = useStatusStore();
  if (!status) {
    return (
      <footer className="status-bar" data-testid="status-bar" data-state={error ? 'error' : 'waiting'}>
        {error ? <span className="status-item status-item--error">{error}</span> : null}
      </footer>
    );
  }
  const { host, listener, tunnel, poller, sandbox } = status;
  return (
    <footer className="status-bar" data-testid="status-bar" data-state="ready">
      <span className="status-item" data-testid="status-host" title={`Data in ${host.dataDir}`}>
        {host.kind === 'electron' ? 'Electron' : 'Browser'} · v{host.version}
      </span>
      <span
        className={`status-env ${host.environment.isSandbox ? 'status-env--sandbox' : 'status-env--live'}`}
        data-testid="status-environment"
        data-sandbox={host.environment.isSandbox}
      >
        {host.environment.isSandbox ? 'Sandbox' : `Live: ${host.environment.name}`}
      </span>
      {host.dataNotices.length > 0 && (
        <Item name="Data folder" tone="warn" testId="status-data-notices">
          {host.dataNotices.map((notice) => (
            <span key={notice} className="status-item__error status-item__detail" data-testid="status-data-notice" title={notice}>
              {notice}
            </span>
          ))}
        </Item>
      )}
      <Item name="Listener" tone={listenerTone(listener)} testId="status-listener">
        <span data-testid="status-listener-state">{listener.state}</span>
        {listener.port !== null && <span>:{listener.port}</span>}
        {listener.received > 0 && (
          <span className="muted" data-testid="status-listener-received">
            {formatCount(listener.received)} received
          </span>
        )}
        <span
          className="muted"
          data-testid="status-listener-stored"
          title={`Retention keeps at most ${formatCount(listener.retainDeliveries)} deliveries and ${formatBytes(listener.retainBytes)}; the oldest are removed first (Settings → Listener).`}
        >
          {formatCount(listener.stored)} stored · {formatBytes(listener.storedBytes)} of {formatBytes(listener.retainBytes)}
        </span>
        {listener.error && <ErrorText text={listener.error} />}
      </Item>
      <PublicUrlStatus tunnel={tunnel} />
      <Item name="Poller" tone={pollerTone(poller)} testId="status-poller">
        <span data-testid="status-poller-state">{poller.state}</span>
        {poller.error && <ErrorText text={poller.error} />}
      </Item>
      <Item name="Sandbox" tone={sandboxTone(sandbox)} testId="status-sandbox">
        <span data-testid="status-sandbox-state">{sandbox.state}</span>
        {sandbox.error && <ErrorText text={sandbox.error} />}
      </Item>
    </footer>
  );
}
