import { transport } from '../transport';
import { createStatusStore } from './create-status-store';

/** This page's status, over the page's one transport; a status shown marks the page ready. */
export const statusStore = createStatusStore(transport, { onReady: () => (document.body.dataset.appReady = 'true') });
export const useStatusStore = statusStore.use;

let started = false;

/** Starts following the host's status (idempotent): the one follow of this page's store. */
export function followStatus(): void {
  if (started) return;
  started = true;
  statusStore.follow();
}
