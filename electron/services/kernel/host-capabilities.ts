import type { NavigateTarget, Notice } from '../../../shared/contract/notifications';

/**
 * What the host that runs a core can do for it: the seam between deciding (features) and
 * showing (hosts), as GitHub Desktop separates when to notify from how. Every capability is
 * optional: a terminal command or a test has no window to notify in.
 */
export interface HostCapabilities {
  readonly kind: 'electron' | 'browser';
  /**
   * Shows a notification the host's own way (Electron's Notification, one stderr line for
   * serve/listen). `open` brings the window to the notice's target when the user clicks it.
   * Absent: the notice still goes out as the `app.notification` event, which the browser
   * host's page shows with the browser's Notification API.
   */
  readonly notify?: (notice: Notice, open: () => void) => void;
}

/** Asks every window to open a place (the `app.navigate` event). */
export type Navigate = (target: NavigateTarget) => void;
