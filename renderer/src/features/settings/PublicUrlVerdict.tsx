import type { TunnelStatus } from '../../../../shared/contract/status';
import { oneSentence, probeVerdict } from '../../../../shared/net/public-url-words';
import { useNow } from '../../lib/use-now';
import { Badge, Notice } from '../../components/ui';

const TONE = { ok: 'ok', warn: 'warn', error: 'error', idle: 'neutral' } as const;

/**
 * The card's verdict on the public URL: the same words as the status bar (the periodic probe's
 * and the service's own log), with when it was checked, how often, and the whole last cause.
 */
export function PublicUrlVerdict({ tunnel, intervalSeconds }: { tunnel: TunnelStatus; intervalSeconds: number }) {
  const now = useNow(5000);
  if (tunnel.state === 'disabled') return null;
  const verdict = probeVerdict(tunnel.probe, now);
  return (
    <div data-testid="public-url-verdict" data-tone={verdict.tone} data-reachable={String(tunnel.probe.reachable)}>
      <div className="row">
        <Badge tone={TONE[verdict.tone]} testId="public-url-verdict-text">
          {verdict.text}
        </Badge>
        <span className="muted">
          {tunnel.probe.checkedAt === null ? 'The first probe is on its way.' : `Hooklab sends a probe every ${intervalSeconds} s, shaped like the service's webhooks.`}
        </span>
      </div>
      {verdict.why && (
        <Notice tone={verdict.tone === 'error' ? 'error' : 'warn'} testId="public-url-verdict-why">
          {oneSentence(verdict.why)}
        </Notice>
      )}
    </div>
  );
}
