import { create } from 'zustand';
import type { SentElsewhere } from '../../../shared/contract/history';
import { transport } from '../transport';

/** How far back the banner looks: deliveries of the last hour. */
export const SENT_ELSEWHERE_WINDOW_MS = 60 * 60 * 1000;
/** At most one read per this many ms however often the copy changes. */
const REFRESH_MS = 3000;

interface SentElsewhereState {
  readonly value: SentElsewhere | null;
}

/** What History and Live show when the last hour's deliveries went to another URL. */
export const useSentElsewhereStore = create<SentElsewhereState>(() => ({ value: null }));

let started = false;

/** Reads again now (after a resend), and follows every change of the history copy (throttled). */
export function refreshSentElsewhere(): void {
  read();
}

function read(): void {
  const since = new Date(Date.now() - SENT_ELSEWHERE_WINDOW_MS).toISOString();
  transport.call('history.sentElsewhere', { since }).then(
    (value) => useSentElsewhereStore.setState({ value }),
    // No history for the active environment: nothing to say rather than a wrong thing.
    () => useSentElsewhereStore.setState({ value: null }),
  );
}

/** Follows from any area (idempotent): read once, then after the copy, the settings or the tunnel change. */
export function followSentElsewhere(): void {
  if (started) return;
  started = true;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastRead = 0;
  const refresh = () => {
    if (timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      lastRead = Date.now();
      read();
    }, Math.max(0, lastRead + REFRESH_MS - Date.now()));
  };
  let publicUrl: string | null | undefined;
  transport.subscribe('history.updated', refresh);
  transport.subscribe('settings.changed', refresh);
  transport.subscribe('app.status', (status) => {
    if (status.tunnel.publicUrl === publicUrl) return;
    publicUrl = status.tunnel.publicUrl;
    refresh();
  });
  transport.onReconnect(refresh);
  lastRead = Date.now();
  read();
}
