import type { LiveDeps } from '../deps';
import type { TunnelStatus } from '../../../../shared/contract/status';
import type { TunnelService } from '../tunnel/tunnel-service';
import type { ProbeTarget } from './probe-cause';
import type { ProbeKey } from './probe-webhook';
import { PUBLIC_URL_SETTINGS } from '../../../../shared/net/public-url-words';
import { NO_PROBE, PublicUrlProbe } from './public-url-probe';

/** Failed probes in a row after which the tunnel moves to its next server. */
const FAILOVER_AFTER = 2;

/** What there is to probe, read from the tunnel's status: its public URL, or why there is none. */
export function probeTarget(tunnel: TunnelStatus): ProbeTarget | { missing: string } {
  if (tunnel.state === 'disabled') return { missing: tunnel.error ?? `no public URL: turn the tunnel on, or set your own public URL (${PUBLIC_URL_SETTINGS})` };
  if (tunnel.publicUrl === null) return { missing: `the tunnel is not open yet${tunnel.error ? `: ${tunnel.error}` : ''}` };
  return { publicUrl: tunnel.publicUrl, viaTunnel: tunnel.state !== 'own-url' };
}

/**
 * The probe of the public URL wired to the app: its verdicts go to `app.status().tunnel.probe`,
 * it follows the tunnel's URL, and two failures in a row move the tunnel to its next server.
 * Call `tunnelChanged` after every tunnel status change.
 */
export function createTunnelProbe(ctx: { readonly runtime: Pick<LiveDeps['runtime'], 'status' | 'clock'>; readonly config: Pick<LiveDeps['config'], 'settings'> }, tunnel: TunnelService, key: ProbeKey, options: { intervalMs?: number } = {}) {
  let probedUrl: string | null = null;
  let lastState: TunnelStatus['state'] = 'disabled';
  const probe = new PublicUrlProbe({
    key,
    target: () => probeTarget(ctx.runtime.status.get().tunnel),
    // The service's own log (History's `answered-by-another` count) stays beside each verdict.
    onVerdict: (verdict) => ctx.runtime.status.update('tunnel', { probe: { ...verdict, answeredByAnother: ctx.runtime.status.get().tunnel.probe.answeredByAnother } }),
    onFailures: (inARow, cause) => {
      // Every second failure in a row: a next server that cannot open either is left after two
      // more probes for the one after it, not at every probe while it connects.
      if (inARow % FAILOVER_AFTER === 0 && ctx.runtime.status.get().tunnel.state !== 'own-url') tunnel.failover(cause);
    },
    intervalMs: () => options.intervalMs ?? ctx.config.settings.get().tunnel.probeIntervalSeconds * 1000,
    now: () => ctx.runtime.clock.now(),
  });
  return {
    probe,
    start: () => probe.start(),
    stop: () => probe.stop(),
    /** The tunnel's status changed: a new URL resets the verdict, a reopening probes at once. */
    tunnelChanged(): void {
      const status = ctx.runtime.status.get().tunnel;
      const url = status.state === 'disabled' ? null : status.publicUrl;
      if (url !== probedUrl) {
        probedUrl = url;
        if (url === null) ctx.runtime.status.update('tunnel', { probe: { ...NO_PROBE, answeredByAnother: ctx.runtime.status.get().tunnel.probe.answeredByAnother } });
        probe.targetChanged();
      } else if ((status.state === 'open' || status.state === 'own-url') && status.state !== lastState) {
        probe.probeSoon();
      }
      lastState = status.state;
    },
  };
}
