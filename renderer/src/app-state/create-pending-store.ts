import { create } from 'zustand';
import type { Transport } from '../transport/transport';

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
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lastRead = 0;
    const show = (pending: number | null) => {
      if (!following) return;
      setState({ pending });
      options.onPending?.(pending);
    };
    const read = () => {
      timer = null;
      lastRead = Date.now();
      transport.call('history.summary', {}).then(
        (summary) => show(summary.pendingEvents),
        // No history for the active environment (yet): no count rather than a wrong one.
        () => show(null),
      );
    };
    const refresh = () => {
      if (timer !== null) return;
      timer = setTimeout(read, Math.max(0, lastRead + PENDING_REFRESH_MS - Date.now()));
    };
    // The copy's changes carry the count; settings changes may switch the environment: read it.
    const stops = [
      transport.subscribe('history.updated', (update) => show(update.pendingEvents)),
      transport.subscribe('settings.changed', refresh),
      transport.onReconnect(refresh),
    ];
    read();
    return () => {
      following = false;
      for (const stop of stops) stop();
      if (timer !== null) clearTimeout(timer);
      timer = null;
    };
  }

  return { use, getState, follow };
}

export type PendingStore = ReturnType<typeof createPendingStore>;
