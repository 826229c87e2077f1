import { Notification, type BrowserWindow } from 'electron';
import type { HostCapabilities } from '../../services/kernel/host-capabilities';

/** Shown notifications not yet clicked or dismissed, at most this many (the oldest let go first). */
const MAX_HELD = 50;

/**
 * The desktop app's way to show a notification: Electron's Notification; a click brings the
 * window forward and opens the notice's target (the core emits `app.navigate`).
 *
 * Electron holds a shown Notification only weakly: one nobody references is collected, and a
 * click seconds later reaches no listener (electron/electron#16922). Each is held here until
 * it is clicked or closed.
 */
export function desktopNotify(window: () => BrowserWindow | null): NonNullable<HostCapabilities['notify']> {
  const held = new Set<Notification>();
  return (notice, open) => {
    if (!Notification.isSupported()) return;
    const more = notice.heldBack > 0 ? ` (+${notice.heldBack} more this minute)` : '';
    const shown = new Notification({ title: notice.title, body: `${notice.body}${more}`, silent: notice.kind === 'job-ended' });
    shown.on('click', () => {
      held.delete(shown);
      const win = window();
      if (win) {
        if (win.isMinimized()) win.restore();
        win.focus();
      }
      open();
    });
    shown.on('close', () => held.delete(shown));
    held.add(shown);
    for (const oldest of held) {
      if (held.size <= MAX_HELD) break;
      held.delete(oldest);
    }
    shown.show();
  };
}
