import type { HistoryDeps } from './deps';
import { receivedCompleteSinceMs, storedEventIds } from '../../services/data/reconciliation-reads';
import { ANSWERED_BY_ANOTHER_GRACE_MS, isAnsweredByAnother } from '../../../shared/history/delivery-urls';
import { ownAddresses } from './own-addresses';

/** The window looked at: the last hour, as the sent-elsewhere banner's. */
const WINDOW_MS = 3_600_000;

/**
 * The service's own log as the second witness of the way in: keeps
 * `app.status().tunnel.probe.answeredByAnother`, the deliveries of the last hour the service
 * says were answered 2xx at this Hooklab's address that the listener never stored. A relay that
 * passes the probe and answers webhooks itself fools the probe; it cannot change what the
 * service logged. Counted again when the copy or the listener's table changes, and while a
 * delivery waits out its grace period.
 */
export function watchAnsweredByAnother(ctx: HistoryDeps): { start(): void; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const offs: Array<() => void> = [];

  const count = (): number => {
    const nowMs = ctx.runtime.clock.now();
    const environmentId = ctx.config.settings.get().environments.active;
    const delivered = ctx.data.history.reconciliationRefs(environmentId, new Date(nowMs - WINDOW_MS).toISOString()).filter((h) => h.delivered);
    if (delivered.length === 0) return 0;
    const { addresses } = ownAddresses(ctx);
    const stored = storedEventIds(ctx.data.db, [...new Set(delivered.map((h) => h.eventId))]);
    return delivered.filter((h) => isAnsweredByAnother(h, { addresses, storedEventIds: stored, nowMs, completeSinceMs: receivedCompleteSinceMs(ctx.data.db, nowMs) })).length;
  };

  const refresh = () => {
    let answeredByAnother: number;
    try {
      answeredByAnother = count();
    } catch (error) {
      ctx.runtime.log.error('could not count deliveries answered by another', { message: (error as Error)?.message });
      return;
    }
    const probe = ctx.runtime.status.get().tunnel.probe;
    if (probe.answeredByAnother !== answeredByAnother) ctx.runtime.status.update('tunnel', { probe: { ...probe, answeredByAnother } });
  };

  /** At most one count a second in a burst of arrivals or polls. */
  const soon = () => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(tick, 1000);
    timer.unref?.();
  };
  // A delivery within its grace period becomes a failure without any event: count again after it.
  const tick = () => {
    refresh();
    timer = setTimeout(tick, ANSWERED_BY_ANOTHER_GRACE_MS / 2);
    timer.unref?.();
  };

  return {
    start() {
      offs.push(ctx.runtime.bus.on('history.updated', soon), ctx.runtime.bus.on('live.received', soon));
      tick();
    },
    stop() {
      for (const off of offs.splice(0)) off();
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
