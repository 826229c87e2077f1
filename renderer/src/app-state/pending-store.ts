import { transport } from '../transport';
import { createPendingStore } from './create-pending-store';
import { windowTitle } from './window-title';

/** This page's pending count, over the page's one transport; the window title says it. */
export const pendingStore = createPendingStore(transport, { onPending: (pending) => (document.title = windowTitle(pending)) });
export const usePendingStore = pendingStore.use;

let started = false;

/** Follows the pending count from any area (idempotent): the one follow of this page's store. */
export function followPending(): void {
  if (started) return;
  started = true;
  pendingStore.follow();
}
