import { create } from 'zustand';
import type { SentElsewhere } from '../../../shared/contract/history';
import type { Transport } from '../transport/transport';
import { createThrottle } from '../lib/throttle';

/** How far back the banner looks: deliveries of the last hour. */
export const SENT_ELSEWHERE_WINDOW_MS = 60 * 60 * 1000;
/** At most one read per this many ms however often the copy changes. */
export const SENT_ELSEWHERE_REFRESH_MS = 3000;

export interface SentElsewhereState {
  readonly value: SentElsewhere | null;
}

/** What History and Live show when the last hour's deliveries went to another URL, over a transport. */
export function createSentElsewhereStore(transport: Transport) {
  const use = create<SentElsewhereState>(() => ({ value: null }));
  const { getState, setState } = use;

  /** Reads again now (after a resend). */
  function refresh(): void {
    const since = new Date(Date.now() - SENT_ELSEWHERE_WINDOW_MS).toISOString();
    transport.call('history.sentElsewhere', { since }).then(
      (value) => setState({ value }),
      // No history for the active environment: nothing to say rather than a wrong thing.
      () => setState({ value: null }),
    );
  }

  /**
   * Reads once, then again (throttled) after the copy, the settings or the tunnel's public URL
   * change, and after the host comes back. Returns the function that stops following.
   */
  function follow(): () => void {
    const reads = createThrottle(refresh, SENT_ELSEWHERE_REFRESH_MS);
    let publicUrl: string | null | undefined;
    const stops = [
      transport.subscribe('history.updated', reads.request),
      transport.subscribe('settings.changed', reads.request),
      transport.subscribe('app.status', (status) => {
        if (status.tunnel.publicUrl === publicUrl) return;
        publicUrl = status.tunnel.publicUrl;
        reads.request();
      }),
      transport.onReconnect(reads.request),
    ];
    reads.now();
    return () => {
      for (const stop of stops) stop();
      reads.cancel();
    };
  }

  return { use, getState, refresh, follow };
}

export type SentElsewhereStore = ReturnType<typeof createSentElsewhereStore>;
