import type { Feature } from '../../services/kernel/feature';
import { NUDGED_POLL_DELAY_MS } from './poller';
import { watchAnsweredByAnother } from './answered-by-another';
import { historyParts, type HistoryFeatureOptions } from './history-parts';
import { readHandlers } from './read-handlers';
import { resendHandlers } from './resend-handlers';
import type { HistoryDeps } from './deps';

export type { HistoryFeatureOptions };

/**
 * The History area: the delivery-history client per environment, the poller keeping the local
 * copy, and the calls the UI and scripts use on it. The token never leaves the client pool.
 */
export function createHistoryFeature(ctx: HistoryDeps, options: HistoryFeatureOptions = {}): Feature {
  const parts = historyParts(ctx, options);
  const { poller, notifier, bulk } = parts;
  const unsubscribers: Array<() => void> = [];
  const answeredByAnother = watchAnsweredByAnother(ctx);
  return {
    name: 'history',
    handlers: { ...readHandlers(parts), ...resendHandlers(parts) },
    async start() {
      unsubscribers.push(ctx.config.environments.onChange(() => void poller.restart()));
      unsubscribers.push(
        ctx.config.settings.onChange((next, previous) => {
          if (next.poller !== previous.poller) void poller.restart();
        }),
      );
      // The service logs a delivery as it sends it: one that just reached the listener is in
      // history already, so poll soon instead of a full interval later.
      unsubscribers.push(ctx.runtime.bus.on('live.received', () => poller.nudge(NUDGED_POLL_DELAY_MS)));
      poller.start();
      answeredByAnother.start();
      bulk.restoreResumable();
    },
    async stop() {
      answeredByAnother.stop();
      for (const u of unsubscribers.splice(0)) u();
      await poller.stop();
      notifier.flush();
    },
  };
}
