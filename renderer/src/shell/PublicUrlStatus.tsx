import type { TunnelStatus } from '../../../shared/contract/status';
import { oneSentence, PUBLIC_URL, probeVerdict, tunnelStateWords } from '../../../shared/net/public-url-words';
import { CopyButton } from '../components/CopyButton';
import { useNow } from '../lib/use-now';

type Tone = 'ok' | 'warn' | 'error' | 'idle';

const RANK: Record<Tone, number> = { idle: 0, ok: 1, warn: 2, error: 3 };
const worst = (a: Tone, b: Tone): Tone => (RANK[a] >= RANK[b] ? a : b);

function tunnelTone(s: TunnelStatus): Tone {
  if (s.state === 'open' || s.state === 'own-url') return s.urlChanged || s.notice ? 'warn' : 'ok';
  return s.state === 'error' ? 'error' : s.state === 'connecting' ? 'warn' : 'idle';
}

/**
 * The status bar's one item about the way in, named as everywhere ("Public URL"): the tunnel's
 * state, the verdict of the probe and of the service's own log, Copy and its address, on one
 * line (the address is what gets cut when the line is full: whole on hover and in Settings). Every cause is one sentence on hover, and whole in Settings → Public URL.
 */
export function PublicUrlStatus({ tunnel }: { tunnel: TunnelStatus }) {
  const now = useNow(5000);
  const probed = tunnel.state !== 'disabled';
  const verdict = probed ? probeVerdict(tunnel.probe, now) : null;
  const tone = worst(tunnelTone(tunnel), verdict?.tone ?? 'idle');
  const details = [tunnel.error && `Tunnel: ${oneSentence(tunnel.error)}`, verdict?.why && oneSentence(verdict.why), tunnel.notice, tunnel.urlChanged && 'The public URL changed: update the webhook URL in the merchant portal.']
    .filter(Boolean)
    .join('\n');
  return (
    <span className={`status-item status-item--${tone} status-item--shrinks`} data-testid="status-tunnel" title={details || undefined}>
      <span className="status-item__dot" aria-hidden="true" />
      <span className="status-item__name">{PUBLIC_URL}</span>
      {/* "open" says less than the verdict beside it: the line keeps its room for the address. */}
      <span data-testid="status-tunnel-state" data-state={tunnel.state} hidden={tunnel.state === 'open' && verdict !== null}>
        {tunnelStateWords(tunnel.state)}
      </span>
      {verdict && (
        <span className={`status-item__verdict status-item__verdict--${verdict.tone}`} data-testid="status-probe" data-reachable={String(tunnel.probe.reachable)} data-tone={verdict.tone}>
          <span data-testid="status-probe-verdict">{verdict.text}</span>
        </span>
      )}
      {tunnel.publicUrl && (
        <>
          <CopyButton text={tunnel.publicUrl} testId="status-tunnel-copy" />
          <span className="status-item__url" data-testid="status-tunnel-url" title={tunnel.publicUrl}>
            {tunnel.publicUrl}
          </span>
        </>
      )}
      {tunnel.notice && (
        <span className="status-item__error" data-testid="status-tunnel-notice">
          address changed: see Live
        </span>
      )}
    </span>
  );
}
