import { create } from 'zustand';
import type { SentElsewhere } from '../../../shared/contract/history';
import type { Transport } from '../transport/transport';

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
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lastRead = 0;
    const throttled = () => {
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        lastRead = Date.now();
        refresh();
      }, Math.max(0, lastRead + SENT_ELSEWHERE_REFRESH_MS - Date.now()));
    };
    let publicUrl: string | null | undefined;
    const stops = [
      transport.subscribe('history.updated', throttled),
      transport.subscribe('settings.changed', throttled),
      transport.subscribe('app.status', (status) => {
        if (status.tunnel.publicUrl === publicUrl) return;
        publicUrl = status.tunnel.publicUrl;
        throttled();
      }),
      transport.onReconnect(throttled),
    ];
    lastRead = Date.now();
    refresh();
    return () => {
      for (const stop of stops) stop();
      if (timer !== null) clearTimeout(timer);
      timer = null;
    };
  }

  return { use, getState, refresh, follow };
}

export type SentElsewhereStore = ReturnType<typeof createSentElsewhereStore>;
