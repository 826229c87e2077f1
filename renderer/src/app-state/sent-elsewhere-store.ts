import { transport } from '../transport';
import { createSentElsewhereStore } from './create-sent-elsewhere-store';

/** This page's sent-elsewhere banner state, over the page's one transport. */
export const sentElsewhereStore = createSentElsewhereStore(transport);
export const useSentElsewhereStore = sentElsewhereStore.use;
export const refreshSentElsewhere = sentElsewhereStore.refresh;

let started = false;

/** Follows from any area (idempotent): the one follow of this page's store. */
export function followSentElsewhere(): void {
  if (started) return;
  started = true;
  sentElsewhereStore.follow();
}
