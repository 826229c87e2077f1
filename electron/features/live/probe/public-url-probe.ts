import type { ProbeResult } from '../../../../shared/contract/live';
import type { TunnelProbeStatus } from '../../../../shared/contract/status';
import { systemTimers, type Timers } from '../tunnel/tunnel-client';
import { localOnlyWords } from '../../../../shared/net/public-url-words';
import { urlReach } from '../../../services/net/address-reach';
import { probeFailureCause, type ProbeTarget } from './probe-cause';
import type { ProbeKey } from './probe-webhook';
import { sendProbe } from './probe-request';

export interface PublicUrlProbeDeps {
  readonly key: ProbeKey;
  /** The URL to probe now, or why there is none (tunnel off, not open yet). */
  readonly target: () => ProbeTarget | { readonly missing: string };
  /** Every verdict, for `app.status().tunnel.probe`. */
  readonly onVerdict: (probe: TunnelProbeStatus) => void;
  /** Probes failed this many times in a row (the tunnel moves to its next server on 2). */
  readonly onFailures: (inARow: number, cause: string) => void;
  readonly intervalMs: () => number;
  readonly now: () => number;
  readonly timeoutMs?: number;
  readonly timers?: Timers;
}

/** How long a probe waits for its answer before saying nothing answered. */
export const PROBE_TIMEOUT_MS = 10_000;

/** The probe status before any probe (or with no public URL to probe). */
export const NO_PROBE: TunnelProbeStatus = { reachable: null, checkedAt: null, latencyMs: null, error: null, unreachableSince: null, reach: null, answeredByAnother: 0 };

/**
 * Proves, end to end, that a request sent to the public URL reaches this Hooklab's listener:
 * on demand and every interval while there is a public URL. Each probe is a webhook like the
 * service's, signed with this run's key; only the listener of this run answers it with the
 * matching proof. A URL only this machine (or its network) can reach is never called reachable,
 * however well the probe came back. Nothing here throws into its timer: every failure is a
 * verdict with its cause.
 */
export class PublicUrlProbe {
  private status: TunnelProbeStatus = NO_PROBE;
  private failuresInARow = 0;
  private timer: unknown = null;
  private inFlight: Promise<ProbeResult> | null = null;
  private running = false;
  private readonly timers: Timers;

  constructor(private readonly deps: PublicUrlProbeDeps) {
    this.timers = deps.timers ?? systemTimers;
  }

  /** Starts the schedule: the first probe now, then one per interval. */
  start(): void {
    this.running = true;
    this.schedule(0);
  }

  stop(): void {
    this.running = false;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  /** The public URL changed (or appeared, or went): the old verdict no longer applies; probe soon. */
  targetChanged(): void {
    this.failuresInARow = 0;
    this.publish(NO_PROBE);
    if (this.running) this.schedule(0);
  }

  /** The tunnel (re)opened on the same URL: probe at once rather than at the next interval. */
  probeSoon(): void {
    if (this.running) this.schedule(0);
  }

  /** One probe now (a probe already under way is shared, not doubled). Never rejects. */
  probeNow(): Promise<ProbeResult> {
    this.inFlight ??= this.probe()
      .catch((error: unknown) => this.failed(error))
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }

  /** A probe that threw (a bug, or a value nothing expected): a verdict with its cause, not a crash. */
  private failed(error: unknown): ProbeResult {
    const checkedAt = new Date(this.deps.now()).toISOString();
    const target = this.safeTarget();
    const cause = `the probe could not be sent: ${(error as Error)?.message ?? String(error)}`;
    const publicUrl = target && !('missing' in target) ? target.publicUrl : null;
    if (publicUrl !== null) this.publish({ ...NO_PROBE, reachable: false, checkedAt, error: cause, unreachableSince: this.status.unreachableSince ?? checkedAt, reach: urlReach(publicUrl) });
    return { reachable: false, publicUrl, latencyMs: null, error: cause, checkedAt, reach: publicUrl === null ? null : urlReach(publicUrl) };
  }

  private safeTarget(): ReturnType<PublicUrlProbeDeps['target']> | null {
    try {
      return this.deps.target();
    } catch {
      return null;
    }
  }

  private schedule(delayMs: number): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      void this.probeNow().finally(() => {
        if (this.running && this.timer === null) this.schedule(this.deps.intervalMs());
      });
    }, delayMs);
  }

  private async probe(): Promise<ProbeResult> {
    const target = this.deps.target();
    const checkedAt = new Date(this.deps.now()).toISOString();
    if ('missing' in target) {
      // Nothing to probe: no verdict about reachability, only the answer to the caller.
      return { reachable: false, publicUrl: null, latencyMs: null, error: target.missing, checkedAt, reach: null };
    }
    const probe = this.deps.key.issue();
    // The next probe is scheduled after this one ends, so a slow answer never overlaps the next.
    const timeoutMs = this.deps.timeoutMs ?? PROBE_TIMEOUT_MS;
    const sent = await sendProbe(target.publicUrl, probe, (answer) => this.deps.key.isProof(probe.ticket.signature, answer), { timeoutMs, now: this.deps.now });
    // The target moved while the probe was out: its verdict is about a URL no longer in use.
    const current = this.deps.target();
    const failure = probeFailureCause(sent.outcome, target);
    const reach = urlReach(target.publicUrl);
    const localOnly = failure === null ? localOnlyWords(reach) : null;
    const latencyMs = failure === null ? sent.latencyMs : null;
    // Came back, but from this machine: the way in works here, and the service still cannot use it.
    const error = failure ?? (localOnly === null ? null : `a probe came back to this Hooklab, but ${localOnly}`);
    const result: ProbeResult = { reachable: error === null, publicUrl: target.publicUrl, latencyMs, error, checkedAt, reach };
    if ('missing' in current || current.publicUrl !== target.publicUrl) return result;
    this.publish({
      reachable: result.reachable,
      checkedAt,
      latencyMs,
      error,
      unreachableSince: failure === null ? null : (this.status.unreachableSince ?? checkedAt),
      reach,
      answeredByAnother: this.status.answeredByAnother,
    });
    if (failure === null) this.failuresInARow = 0;
    else this.deps.onFailures(++this.failuresInARow, failure);
    return result;
  }

  private publish(status: TunnelProbeStatus): void {
    this.status = status;
    this.deps.onVerdict(status);
  }
}
