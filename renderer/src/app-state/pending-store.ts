import { create } from 'zustand';
import { transport } from '../transport';
import { windowTitle } from './window-title';

interface PendingState {
  /** Events of the active environment's history that no delivery reached (null: not known yet). */
  readonly pending: number | null;
}

/** The pending count every area shows (navigation badge, window title). */
export const usePendingStore = create<PendingState>(() => ({ pending: null }));

/** At most one summary read per this many ms however often the copy changes. */
const REFRESH_MS = 1000;


let started = false;

/**
 * Follows the pending count from any area (idempotent): read once, taken from every change of
 * the history copy, and read again (throttled) when the settings change (another environment
 * may be active) or the host comes back.
 */
export function followPending(): void {
  if (started) return;
  started = true;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastRead = 0;
  const show = (pending: number | null) => {
    usePendingStore.setState({ pending });
    document.title = windowTitle(pending);
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
    timer = setTimeout(read, Math.max(0, lastRead + REFRESH_MS - Date.now()));
  };
  // The copy's changes carry the count; settings changes may switch the environment: read it.
  transport.subscribe('history.updated', (update) => show(update.pendingEvents));
  transport.subscribe('settings.changed', refresh);
  transport.onReconnect(refresh);
  read();
}
