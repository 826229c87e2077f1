import { transport } from '../../../transport';
import { createFlowsStore } from './create-flows-store';

/** This page's flow runner slice, over the page's one transport (the Flows panel follows it while shown). */
export const flowsStore = createFlowsStore(transport);
export const useFlowsStore = flowsStore.use;
export const { loadFlowsInfo, startFlow, recordExchange, setFlowOrderId } = flowsStore;
