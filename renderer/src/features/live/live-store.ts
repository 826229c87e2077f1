import { transport } from '../../transport';
import { createLiveStore } from './create-live-store';

/** This page's Live slice, over the page's one transport. */
export const liveStore = createLiveStore(transport);
export const useLiveStore = liveStore.use;

let following = false;

/**
 * Follows the core from the Live page's first visit on, and keeps following (coming back shows
 * what arrived meanwhile without reading 100k summaries again): the one follow of this store.
 */
export function followLive(): void {
  if (following) return;
  following = true;
  liveStore.follow();
}
