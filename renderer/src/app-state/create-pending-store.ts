import { create } from 'zustand';
import type { Transport } from '../transport/transport';
import { createThrottle } from '../lib/throttle';

export interface PendingState {
  /** Events of the active environment's history that no delivery reached (null: not known yet). */
  readonly pending: number | null;
}

export interface PendingStoreOptions {
  /** Told each count shown (the page puts it in the window title). */
  readonly onPending?: (pending: number | null) => void;
}

/** At most one summary read per this many ms however often the copy changes. */
export const PENDING_REFRESH_MS = 1000;

/** The pending count every area shows (navigation badge, window title), over a transport. */
export function createPendingStore(transport: Transport, options: PendingStoreOptions = {}) {
  const use = create<PendingState>(() => ({ pending: null }));
  const { getState, setState } = use;

  /**
   * Follows the pending count: read once, taken from every change of the history copy, and read
   * again (throttled) when the settings change (another environment may be active) or the host
   * comes back. Returns the function that stops following.
   */
  function follow(): () => void {
    let following = true;
    const show = (pending: number | null) => {
      if (!following) return;
      setState({ pending });
      options.onPending?.(pending);
    };
    const reads = createThrottle(() => {
      transport.call('history.summary', {}).then(
        (summary) => show(summary.pendingEvents),
        // No history for the active environment (yet): no count rather than a wrong one.
        () => show(null),
      );
    }, PENDING_REFRESH_MS);
    // The copy's changes carry the count; settings changes may switch the environment: read it.
    const stops = [
      transport.subscribe('history.updated', (update) => show(update.pendingEvents)),
      transport.subscribe('settings.changed', reads.request),
      transport.onReconnect(reads.request),
    ];
    reads.now();
    return () => {
      following = false;
      for (const stop of stops) stop();
      reads.cancel();
    };
  }

  return { use, getState, follow };
}

export type PendingStore = ReturnType<typeof createPendingStore>;
