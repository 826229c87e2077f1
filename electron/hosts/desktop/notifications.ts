import { Notification, type BrowserWindow } from 'electron';
import type { HostCapabilities } from '../../services/kernel/host-capabilities';

/**
 * The desktop app's way to show a notification: Electron's Notification; a click brings the
 * window forward and opens the notice's target (the core emits `app.navigate`).
 */
export function desktopNotify(window: () => BrowserWindow | null): NonNullable<HostCapabilities['notify']> {
  return (notice, open) => {
    if (!Notification.isSupported()) return;
    const more = notice.heldBack > 0 ? ` (+${notice.heldBack} more this minute)` : '';
    const shown = new Notification({ title: notice.title, body: `${notice.body}${more}`, silent: notice.kind === 'job-ended' });
    shown.on('click', () => {
      const win = window();
      if (win) {
        if (win.isMinimized()) win.restore();
        win.focus();
      }
      open();
    });
    shown.show();
  };
}
