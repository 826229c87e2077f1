import { transport } from '../../transport';
import { createLiveStore } from './create-live-store';

/** This page's Live slice, over the page's one transport. */
export const liveStore = createLiveStore(transport);
export const useLiveStore = liveStore.use;
