import type { Notice } from '../../../shared/contract/notifications';
import { answeredByAnotherWords } from '../../../shared/net/public-url-words';
import type { AppStatus } from '../../../shared/contract/status';
import type { NotificationSettings } from '../../../shared/settings';
import type { Feature } from '../../services/kernel/feature';
import type { NotificationsDeps } from './deps';
import { NotificationRules, NotificationThrottle, type Decision } from './rules';

/** How often the age of pending events is looked at besides each history update. */
const PENDING_CHECK_MS = 60_000;

/** The switch of Settings → Notifications that governs each kind. */
const SWITCH: Record<Decision['kind'], keyof NotificationSettings> = {
  'handler-failing': 'handlerFailing',
  'invalid-signature': 'invalidSignature',
  'pending-at-service': 'pendingAtService',
  'tunnel-down': 'tunnelDown',
  'job-ended': 'jobEnded',
};

/**
 * Notifications: this feature decides when (rules and throttle, fed by the typed bus), the
 * host decides how (ctx.config.host.notify: Electron's Notification, a stderr line for serve/listen;
 * the browser host's page shows the `app.notification` event with the browser's API). A click
 * asks the window to open the notice's target (`app.navigate`).
 */
export function createNotificationsFeature(ctx: NotificationsDeps): Feature {
  const rules = new NotificationRules();
  const throttle = new NotificationThrottle();
  // Forward results come from the app's one DeliveryStore (ctx.data.deliveries), never a second copy.
  const history = ctx.data.history;
  const unsubscribers: Array<() => void> = [];
  let pendingTimer: ReturnType<typeof setInterval> | null = null;
  const settings = () => ctx.config.settings.get().notifications;

  const say = (decision: Decision | null) => {
    if (!decision || !settings()[SWITCH[decision.kind]]) return;
    const now = ctx.runtime.clock.now();
    const admitted = throttle.admit(decision.kind, now);
    if (!admitted) return;
    const notice: Notice = { ...decision, heldBack: admitted.heldBack, at: new Date(now).toISOString() };
    ctx.runtime.bus.emit('app.notification', notice);
    const target = notice.target;
    try {
      ctx.config.host.notify?.(notice, () => {
        if (target) ctx.runtime.bus.emit('app.navigate', target);
      });
    } catch (error) {
      ctx.runtime.log.warn('the host could not show a notification', { message: (error as Error).message });
    }
  };

  /**
   * The tunnel as the status says it, and as the probe of the public URL found it: a URL the
   * probe cannot reach is down for the service, whatever the tunnel's client believes (one only
   * this machine can reach, where the probe came back, is said in the status bar, not notified).
   */
  const observeTunnel = (tunnel: AppStatus['tunnel']) => {
    // The service's own log counts as much as the probe: deliveries something else answered.
    const answered = tunnel.probe.answeredByAnother > 0 && tunnel.state !== 'disabled';
    const unreachable = answered || (tunnel.probe.reachable === false && tunnel.probe.unreachableSince !== null);
    const why = answered
      ? answeredByAnotherWords(tunnel.probe.answeredByAnother)
      : `the probe of ${tunnel.publicUrl ?? 'the public URL'} failed: ${tunnel.probe.error ?? 'no reason given'}`;
    say(rules.tunnelState(unreachable ? 'error' : tunnel.state, unreachable ? why : tunnel.error));
  };

  const checkPending = () => {
    const environmentId = ctx.config.settings.get().environments.active;
    const ids = history.pendingEventIds(environmentId);
    const oldest = ids[0] === undefined ? null : history.get(environmentId, ids[0]);
    const age = oldest ? ctx.runtime.clock.now() - Date.parse(oldest.created) : null;
    say(rules.pendingAge(ids.length, age, settings().pendingMinutes));
  };

  return {
    name: 'notifications',
    handlers: {},
    async start() {
      unsubscribers.push(
        ctx.runtime.bus.on('live.forwarded', ({ id }) => {
          for (const f of ctx.data.deliveries.forwards(id)) say(rules.handlerAnswered(f.target, f.status, f.error, id));
        }),
        ctx.runtime.bus.on('live.received', ({ deliveries }) => {
          for (const d of deliveries) say(rules.deliveryReceived(d));
        }),
        ctx.runtime.bus.on('app.status', (status) => observeTunnel(status.tunnel)),
        ctx.runtime.bus.on('history.updated', checkPending),
        ctx.runtime.bus.on('job.progress', (p) => {
          if (p.state === 'running') return;
          const job = ctx.runtime.jobs.get(p.jobId);
          say(rules.jobEnded({ ...p, title: job?.title ?? p.kind }));
        }),
      );
      pendingTimer = setInterval(checkPending, PENDING_CHECK_MS);
      pendingTimer.unref?.();
    },
    async stop() {
      for (const u of unsubscribers.splice(0)) u();
      if (pendingTimer) clearInterval(pendingTimer);
      pendingTimer = null;
    },
  };
}
