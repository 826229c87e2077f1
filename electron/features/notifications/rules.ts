import type { NavigateTarget, NotificationKind } from '../../../shared/contract/notifications';

/** What the rules decided to say; the throttle and the host come after. */
export interface Decision {
  readonly kind: NotificationKind;
  readonly title: string;
  readonly body: string;
  readonly target: NavigateTarget | null;
}

/**
 * When to notify, as streaks: a failing handler, a tunnel down, events pending too long are
 * each said once when they start, and again only after they ended and started again. Pure:
 * the feature feeds it what it hears and shows what it answers.
 */
export class NotificationRules {
  /** Forward targets whose last answer was a failure. */
  private readonly failingTargets = new Set<string>();
  private tunnelDown = false;
  private pendingTooLong = false;

  /** A handler (forward target) answered one delivery: a decision when it turned from 2xx to failing. */
  handlerAnswered(target: string, status: number | null, error: string | null, deliveryId: number): Decision | null {
    const failing = status === null || status < 200 || status > 299;
    if (!failing) {
      this.failingTargets.delete(target);
      return null;
    }
    if (this.failingTargets.has(target)) return null;
    this.failingTargets.add(target);
    return {
      kind: 'handler-failing',
      title: 'Your handler started failing',
      body: `${target} answered ${status ?? `no status (${error ?? 'no answer'})`} to delivery ${deliveryId}. You hear again once it answered 2xx and fails anew.`,
      target: { area: 'live', deliveryId },
    };
  }

  /** A delivery arrived; a decision when its signature is invalid or missing while a key is set. */
  deliveryReceived(d: { id: number; signature: string; unverified: boolean; eventType: string | null }): Decision | null {
    // `unverified` is set only when a key is configured: without one, no signature is expected.
    if (!d.unverified || (d.signature !== 'invalid' && d.signature !== 'missing')) return null;
    return {
      kind: 'invalid-signature',
      title: d.signature === 'invalid' ? 'A delivery failed signature verification' : 'A delivery came without a signature',
      body: `Delivery ${d.id}${d.eventType ? ` (${d.eventType})` : ''}: ${d.signature === 'invalid' ? 'its signature does not verify with your keys' : 'no signature header, while a key is set'}.`,
      target: { area: 'live', deliveryId: d.id },
    };
  }

  /** The tunnel's state (or later its public-URL probe's verdict): a decision when it went down. */
  tunnelState(state: string, error: string | null): Decision | null {
    const down = state === 'error' || state === 'closed';
    if (!down) {
      if (state === 'open' || state === 'disabled' || state === 'own-url') this.tunnelDown = false;
      return null;
    }
    if (this.tunnelDown) return null;
    this.tunnelDown = true;
    return {
      kind: 'tunnel-down',
      title: 'The tunnel is down',
      body: `The service cannot reach your listener through it${error ? `: ${error}` : ''}.`,
      target: { area: 'settings', section: 'tunnel' },
    };
  }

  /** The oldest pending event's age at the service: a decision when it passed the limit. */
  pendingAge(pendingEvents: number, oldestAgeMs: number | null, limitMinutes: number): Decision | null {
    const tooLong = pendingEvents > 0 && oldestAgeMs !== null && oldestAgeMs > limitMinutes * 60_000;
    if (!tooLong) {
      this.pendingTooLong = false;
      return null;
    }
    if (this.pendingTooLong) return null;
    this.pendingTooLong = true;
    return {
      kind: 'pending-at-service',
      title: `Events pending at the service for over ${limitMinutes} min`,
      body: `${pendingEvents} event${pendingEvents === 1 ? '' : 's'} never reached you: resend them from History.`,
      target: { area: 'history' },
    };
  }

  /** A job ended: a decision when it finished or failed (a cancel was the user's own doing). */
  jobEnded(job: { jobId: string; title: string; state: string; done: number; total: number; failed: number; unit?: string; outcome?: string }): Decision | null {
    if (job.state !== 'done' && job.state !== 'failed') return null;
    // What it came to, when the job says it ("delivered 8, refused 1, failed 1"), beats a bare failed count.
    const counts = `${job.done} of ${job.total}${job.unit ? ` ${job.unit}` : ''}`;
    return {
      kind: 'job-ended',
      title: job.state === 'done' ? `Finished: ${job.title}` : `Failed: ${job.title}`,
      body: job.outcome ? `${counts}: ${job.outcome}.` : `${counts} done${job.failed ? `, ${job.failed} failed` : ''}.`,
      target: { area: 'jobs', jobId: job.jobId },
    };
  }
}

/**
 * At most one notification per kind per window; what is held back is counted and said with
 * the next one shown of that kind.
 */
export class NotificationThrottle {
  private readonly lastShown = new Map<NotificationKind, number>();
  private readonly held = new Map<NotificationKind, number>();

  constructor(private readonly windowMs = 60_000) {}

  /** The count of held-back ones to show with it, or null to hold this one back. */
  admit(kind: NotificationKind, nowMs: number): { heldBack: number } | null {
    const last = this.lastShown.get(kind);
    if (last !== undefined && nowMs - last < this.windowMs) {
      this.held.set(kind, (this.held.get(kind) ?? 0) + 1);
      return null;
    }
    this.lastShown.set(kind, nowMs);
    const heldBack = this.held.get(kind) ?? 0;
    this.held.delete(kind);
    return { heldBack };
  }
}
