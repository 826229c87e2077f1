import { transport } from '../../transport';
import { createReplayHistoryStore } from './create-replay-history-store';

export type { ReplayDiff } from './create-replay-history-store';

/** This page's replay history slice, over the page's one transport. */
export const replayHistoryStore = createReplayHistoryStore(transport);
export const useReplayHistoryStore = replayHistoryStore.use;
export const { loadReplayHistory, showReplay, replayAgain, toggleSelected, diffSelected, clearReplayHistory } = replayHistoryStore;

let following = false;

/**
 * Follows new replays from the Replay page's first visit on, and keeps following (replays made
 * elsewhere are current when the user comes back): the one follow of this page's store.
 */
export function followReplayHistory(): void {
  if (following) return;
  following = true;
  replayHistoryStore.follow();
}
