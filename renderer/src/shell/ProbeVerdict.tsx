import { useEffect, useState } from 'react';
import type { TunnelProbeStatus } from '../../../shared/contract/status';
import { probeVerdict } from './probe-verdict';

/** Re-renders every `ms` so "12 s ago" keeps telling the truth between probes. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/** The status bar's answer to "can the service reach me?": the last probe of the public URL. */
export function ProbeVerdict({ probe }: { probe: TunnelProbeStatus }) {
  const verdict = probeVerdict(probe, useNow(5000));
  return (
    <span className={`status-item status-item--${verdict.tone}`} data-testid="status-probe" data-reachable={String(probe.reachable)} title={verdict.why ?? undefined}>
      <span className="status-item__dot" aria-hidden="true" />
      <span className="status-item__name">Public URL</span>
      <span data-testid="status-probe-verdict">{verdict.text}</span>
      {verdict.why && <span className="status-item__error" data-testid="status-probe-error">{verdict.why}</span>}
    </span>
  );
}
