import { create } from 'zustand';
import type {
  BulkResendSummary,
  HistoryEvent,
  HistorySummary,
  ReconciliationView,
  ResendOutcomeView,
} from '../../../../shared/contract/history';
import type { Transport } from '../../transport/transport';
import { createLatestOnly } from '../../lib/latest-wins';
import { ALL_EVENTS, type EventsQuery } from './events-query';
import { hrefFor, navigate, tabOfRest } from '../../app-state/routes';

export const HISTORY_TABS = ['events', 'browser', 'reconcile', 'diff'] as const;
export type HistoryTab = (typeof HISTORY_TABS)[number];

/** The tab a `#/history/<tab>/…` route names (events when none or unknown). */
export function tabOfRoute(rest: string): HistoryTab {
  return tabOfRest(HISTORY_TABS, rest);
}

/** A diff the user asked for, by the two bodies' sources. */
export interface DiffRequest {
  readonly left: { kind: 'history' | 'received'; id: number };
  readonly right: { kind: 'history' | 'received'; id: number };
}

/** The bulk resend this tab started last: its job (progress in the jobs store) and, once ended, its summary. */
interface BulkState {
  readonly jobId: string;
  readonly summary: BulkResendSummary | null;
  readonly error: string | null;
}

/**
 * What the History area holds. The Events tab's filters and page, the browser's query and the
 * reconciliation's category are not here: the URL is their one home (the views read them from
 * the route); the store only loads the page it is asked for.
 */
export interface HistoryState {
  readonly summary: HistorySummary | null;
  readonly summaryError: string | null;
  readonly events: HistoryEvent[];
  readonly eventsTotal: number;
  /** Last single resend, keyed by the id that was resent. */
  readonly lastResend: ResendOutcomeView | null;
  readonly resendError: string | null;
  /** The id being resent right now (a resend waits for the service's answer: seconds). */
  readonly resending: number | null;
  readonly bulk: BulkState | null;
  readonly reconciliation: ReconciliationView | null;
  readonly diff: DiffRequest | null;
}

export const EVENTS_PAGE = 50;

/** What the History slice needs of the page's jobs: a fresh job id, and a job read again. */
export interface HistoryJobs {
  newJobId(prefix: string): string;
  refresh(jobId: string): Promise<void>;
}

/** Goes to a tab: a new history entry, so back returns to the previous tab. */
export const openTab = (tab: HistoryTab) => navigate(hrefFor('history', tab));

/** The History area's slice over a transport: the copy's summary, the events page, resends, reconciliation, diff. */
export function createHistoryStore(transport: Transport, jobs: HistoryJobs, options: { openTab?: (tab: HistoryTab) => void } = {}) {
  const goToTab = options.openTab ?? openTab;
  const use = create<HistoryState>(() => ({
    summary: null,
    summaryError: null,
    events: [],
    eventsTotal: 0,
    lastResend: null,
    resendError: null,
    resending: null,
    bulk: null,
    reconciliation: null,
    diff: null,
  }));
  const { getState, setState } = use;

  async function loadSummary(): Promise<void> {
    try {
      setState({ summary: await transport.call('history.summary', {}), summaryError: null });
    } catch (error) {
      setState({ summaryError: (error as Error).message });
    }
  }

  /** The query the events page is for (the URL's, handed over by the Events tab). */
  let shown: EventsQuery = ALL_EVENTS;
  const eventsTurns = createLatestOnly();

  /** Reads the events page again, for the query shown (after a resend, a change of the copy); an older answer is dropped. */
  async function loadEvents(): Promise<void> {
    const newest = eventsTurns.begin();
    const { pendingOnly, offset, range } = shown;
    const created = range ? { createdFromMs: range.fromMs, createdToMs: range.toMs } : {};
    const page = await transport.call('history.events', { pendingOnly, offset, limit: EVENTS_PAGE, ...created });
    if (newest()) setState({ events: page.events, eventsTotal: page.total });
  }

  /** Shows the events page of `query` (the Events tab's URL params). */
  function showEvents(query: EventsQuery): Promise<void> {
    shown = query;
    return loadEvents();
  }

  /** Resends one delivery (or an event by its event id) and keeps the explained outcome. */
  async function resend(id: number): Promise<void> {
    setState({ lastResend: null, resendError: null, resending: id });
    try {
      const outcome = await transport.call('history.resend', { id });
      setState({ lastResend: outcome, resending: null });
    } catch (error) {
      setState({ resendError: (error as Error).message, resending: null });
    }
    void loadEvents();
    void loadSummary();
  }

  /** Resends every pending event (or the given ids) as a job, followed by the jobs store. */
  async function resendBulk(ids: number[] | 'pending', concurrency = 4): Promise<void> {
    const jobId = jobs.newJobId('resend');
    // The single resend's banner described an earlier attempt; this run's summary replaces it
    // (left up, "not delivered" contradicted the run that delivered the event).
    setState({ lastResend: null, resendError: null, bulk: { jobId, summary: null, error: null } });
    try {
      const summary =
        ids === 'pending'
          ? await transport.call('history.resendPending', { concurrency, jobId })
          : await transport.call('history.resendMany', { ids, concurrency, jobId });
      setState((s) => ({ bulk: s.bulk && { ...s.bulk, summary } }));
    } catch (error) {
      setState((s) => ({ bulk: s.bulk && { ...s.bulk, error: (error as Error).message } }));
    }
    await jobs.refresh(jobId);
    void loadEvents();
    void loadSummary();
  }

  /** Follows a job started by history.resendWhere or history.resendResume (it answers at once). */
  function followResendJob(jobId: string): void {
    setState({ lastResend: null, resendError: null, bulk: { jobId, summary: null, error: null } });
    void jobs.refresh(jobId);
  }

  async function loadReconciliation(category?: ReconciliationView['items'][number]['category'], refresh = true): Promise<void> {
    const view = await transport.call('history.reconcile', { refresh, limit: 1000, ...(category ? { category } : {}) });
    setState({ reconciliation: view });
  }

  function showDiff(diff: DiffRequest): void {
    setState({ diff });
    goToTab('diff');
  }

  return { use, getState, loadSummary, loadEvents, showEvents, resend, resendBulk, followResendJob, loadReconciliation, showDiff };
}

export type HistoryStore = ReturnType<typeof createHistoryStore>;
