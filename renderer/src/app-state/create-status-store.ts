import { create } from 'zustand';
import type { AppStatus } from '../../../shared/contract';
import { TransportError, type Transport } from '../transport/transport';
import { folderChangeMessage } from './folder-change';

export interface StatusState {
  readonly status: AppStatus | null;
  readonly error: string | null;
  /**
   * Why the host refuses this tab (no token, or not the data folder's), or null. While set the
   * shell shows only this, never an area that would look empty ("No deliveries yet").
   */
  readonly noAccess: string | null;
}

export interface StatusStoreOptions {
  /** Told at each status shown (the page marks itself ready for tests: `data-app-ready`). */
  readonly onReady?: () => void;
}

/** The status bar's truth over a transport: the `app.status` call once, then every `app.status` event. */
export function createStatusStore(transport: Transport, options: StatusStoreOptions = {}) {
  const use = create<StatusState>(() => ({ status: null, error: null, noAccess: null }));
  const { getState, setState } = use;

  /**
   * Follows the host's status, and re-reads it after the event stream comes back (changes made
   * while it was down are not replayed). Returns the function that stops following.
   */
  function follow(): () => void {
    let following = true;
    let shownFolder: string | null = null;
    const apply = (status: AppStatus) => {
      if (!following) return;
      shownFolder ??= status.host.dataDir;
      const changed = folderChangeMessage(shownFolder, status.host.dataDir);
      if (changed) {
        setState({ status: null, error: changed, noAccess: changed });
        return;
      }
      setState({ status, error: null });
      options.onReady?.();
    };
    const load = () =>
      transport.call('app.status', {}).then(apply, (error: Error) => {
        // A refused token is not an unreachable host: the message says what to open instead.
        if (following) setState({ error: `${error instanceof TransportError && error.code === 'forbidden' ? 'No access' : 'Host unreachable'}: ${error.message}` });
      });
    const stops = [
      transport.onDenied((message) => setState({ status: null, error: `No access: ${message}`, noAccess: message })),
      transport.subscribe('app.status', apply),
      transport.onReconnect(() => void load()),
    ];
    void load();
    return () => {
      following = false;
      for (const stop of stops) stop();
    };
  }

  return { use, getState, follow };
}

export type StatusStore = ReturnType<typeof createStatusStore>;
