import { transport } from '../../transport';
import { createSequencesStore } from './create-sequences-store';

export { MAX_LISTED } from './create-sequences-store';

/** This page's Sequences slice, over the page's one transport. */
export const sequencesStore = createSequencesStore(transport);
export const useSequencesStore = sequencesStore.use;
export const { loadOrders, showOrders, loadOrder } = sequencesStore;
