import { useSyncExternalStore } from 'react';
import type { NavigateTarget, Notice } from '../../../shared/contract';
import type { Transport } from '../transport/transport';
import { hrefFor, navigate } from './routes';
import type { JobsStore } from './jobs-store';

const BROWSER_SETTING = 'hooklab.browserNotifications';

/** The place a notice's target names, as a route of this app. */
export function hrefForTarget(target: NavigateTarget, jobKind?: string): string {
  switch (target.area) {
    case 'live':
      return hrefFor('live', String(target.deliveryId));
    case 'history':
      return hrefFor('history', target.eventId === undefined ? 'events' : `events/${target.eventId}`);
    case 'settings':
      return hrefFor('settings', target.section);
    case 'jobs':
      // A job is shown where it was started.
      if (jobKind?.startsWith('history.')) return hrefFor('history', 'events');
      if (jobKind?.startsWith('replay.')) return hrefFor('replay');
      if (jobKind?.startsWith('sandbox.')) return hrefFor('sandbox');
      return hrefFor('live');
  }
}

/** Opens a notice's target (a job's is where the job was started, as the jobs store knows it). */
function openTarget(jobs: JobsStore, target: NavigateTarget): void {
  const kind = target.area === 'jobs' ? jobs.use.getState().jobs[target.jobId]?.kind : undefined;
  navigate(hrefForTarget(target, kind));
}

/** Whether this browser tab shows notifications (asked once: the browser's permission, and this switch). */
export function browserNotificationsOn(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'granted' && localStorage.getItem(BROWSER_SETTING) === 'on';
}

const listeners = new Set<() => void>();
/** The switch, for Settings → Notifications (re-renders when it changes). */
export function useBrowserNotifications(): boolean {
  return useSyncExternalStore(
    (cb) => (listeners.add(cb), () => listeners.delete(cb)),
    browserNotificationsOn,
  );
}

/** Turns the browser's notifications on (asking for the permission once) or off. */
export async function setBrowserNotifications(on: boolean): Promise<string | null> {
  let problem: string | null = null;
  if (on) {
    if (typeof Notification === 'undefined') problem = 'this browser has no notifications';
    else if ((await Notification.requestPermission()) !== 'granted') problem = 'the browser did not allow notifications for this page (its site settings can)';
  }
  localStorage.setItem(BROWSER_SETTING, on && problem === null ? 'on' : 'off');
  for (const cb of listeners) cb();
  return problem;
}

/**
 * Follows the core's notices: in the browser host they are shown with the browser's
 * Notification API (the desktop app shows them natively), a click opens the target; and the
 * host's `app.navigate` (a native notification clicked) opens it in this window.
 */
export function followNotices(transport: Transport, jobs: JobsStore): () => void {
  const stops = [
    transport.subscribe('app.navigate', (target) => openTarget(jobs, target)),
    transport.subscribe('app.notification', (notice: Notice) => {
      if (transport.kind !== 'browser' || !browserNotificationsOn()) return;
      const more = notice.heldBack > 0 ? ` (+${notice.heldBack} more this minute)` : '';
      const shown = new Notification(notice.title, { body: `${notice.body}${more}`, tag: notice.kind });
      shown.onclick = () => {
        window.focus();
        if (notice.target) openTarget(jobs, notice.target);
        shown.close();
      };
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
