import { transport } from '../../transport';
import { newJobId } from '../../app-state/page-jobs';
import { createCheckStore } from './create-check-store';

/** This page's handler check slice, over the page's one transport. */
export const checkStore = createCheckStore(transport, { newJobId });
export const useCheckStore = checkStore.use;
export const { prefillCheckUrl, runHandlerCheck } = checkStore;
