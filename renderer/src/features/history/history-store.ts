import { transport } from '../../transport';
import { jobsStore, newJobId } from '../../app-state/page-jobs';
import { createHistoryStore } from './create-history-store';

export { EVENTS_PAGE, openTab, tabOfRoute, type DiffRequest, type HistoryTab } from './create-history-store';

/** This page's History slice, over the page's one transport and jobs store. */
export const historyStore = createHistoryStore(transport, { newJobId, refresh: jobsStore.refresh });
export const useHistoryStore = historyStore.use;
export const { loadSummary, loadEvents, showEvents, resend, resendBulk, followResendJob, loadReconciliation, showDiff } = historyStore;
