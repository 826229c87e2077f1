import { create } from 'zustand';
import type { AppStatus } from '../../../shared/contract';
import { transport, TransportError } from '../transport';
import { folderChangeMessage } from './folder-change';

interface StatusState {
  readonly status: AppStatus | null;
  readonly error: string | null;
  /**
   * Why the host refuses this tab (no token, or not the data folder's), or null. While set the
   * shell shows only this, never an area that would look empty ("No deliveries yet").
   */
  readonly noAccess: string | null;
}

/** The status bar's truth: the `app.status` call once, then every `app.status` event. */
export const useStatusStore = create<StatusState>(() => ({ status: null, error: null, noAccess: null }));

let started = false;

/**
 * Starts following the host's status (idempotent). Re-reads it after the event stream comes
 * back, since changes made while it was down are not replayed.
 */
export function followStatus(): void {
  if (started) return;
  started = true;
  let shownFolder: string | null = null;
  const apply = (status: AppStatus) => {
    shownFolder ??= status.host.dataDir;
    const changed = folderChangeMessage(shownFolder, status.host.dataDir);
    if (changed) {
      useStatusStore.setState({ status: null, error: changed, noAccess: changed });
      return;
    }
    useStatusStore.setState({ status, error: null });
    document.body.dataset.appReady = 'true';
  };
  const load = () =>
    transport.call('app.status', {}).then(apply, (error: Error) =>
      // A refused token is not an unreachable host: the message says what to open instead.
      useStatusStore.setState({ error: `${error instanceof TransportError && error.code === 'forbidden' ? 'No access' : 'Host unreachable'}: ${error.message}` }),
    );
  transport.onDenied((message) => useStatusStore.setState({ status: null, error: `No access: ${message}`, noAccess: message }));
  transport.subscribe('app.status', apply);
  transport.onReconnect(load);
  void load();
}
