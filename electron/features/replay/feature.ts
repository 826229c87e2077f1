import type { Feature } from '../../services/kernel/feature';
import { replayParts } from './replay-parts';
import { draftHandlers } from './draft-handlers';
import { sendHandlers } from './send-handlers';
import { historyHandlers } from './history-handlers';
import type { ReplayDeps } from './deps';

/**
 * The Replay area: drafts, re-signing in the core, replays to the user's handlers with their
 * history and diff, targets with the non-loopback opt-in, the handler check and exports.
 */
export function createReplayFeature(ctx: ReplayDeps): Feature {
  const parts = replayParts(ctx);
  return {
    name: 'replay',
    async stop() {
      await parts.service.stop();
    },
    handlers: { ...draftHandlers(parts), ...sendHandlers(parts), ...historyHandlers(parts) },
  };
}
