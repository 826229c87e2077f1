import { create } from 'zustand';
import type { ColumnFiltersState, SortingState } from '@tanstack/react-table';
import type { CallResult } from '../../../../shared/contract';
import type { ReplayDetail, ReplaySummary } from '../../../../shared/contract/replay';
import { transport } from '../../transport';
import { createFrameBatcher } from '../../lib/frame-batcher';
import { applySentReplays, toggledSelection } from './replay-history-changes';

export type ReplayDiff = CallResult<'replay.diff'>;

interface ReplayHistoryState {
  /** Every stored replay, newest first. */
  readonly rows: ReplaySummary[];
  readonly total: number;
  readonly loaded: boolean;
  readonly loadingAll: boolean;
  readonly error: string | null;
  readonly sorting: SortingState;
  readonly columnFilters: ColumnFiltersState;
  readonly activeId: number | null;
  readonly detail: ReplayDetail | null;
  readonly detailError: string | null;
  /** Up to two replays picked for the diff, in the order picked. */
  readonly selected: readonly number[];
  readonly diff: ReplayDiff | null;
  readonly diffError: string | null;
  readonly againError: string | null;
}

const initial: ReplayHistoryState = {
  rows: [],
  total: 0,
  loaded: false,
  loadingAll: false,
  error: null,
  sorting: [],
  columnFilters: [],
  activeId: null,
  detail: null,
  detailError: null,
  selected: [],
  diff: null,
  diffError: null,
  againError: null,
};

/** The replay history's slice: summaries (requests and answers are fetched on selection). */
export const useReplayHistoryStore = create<ReplayHistoryState>(() => initial);

const FIRST_PAGE = 500;
const PAGE = 20_000;
let loading: Promise<void> | null = null;

/**
 * Loads every stored replay: a first page for the first paint, the rest behind it. Replays
 * sent meanwhile arrive by `replay.sent` and are merged by id.
 */
export function loadReplayHistory(): Promise<void> {
  loading ??= (async () => {
    try {
      const first = await transport.call('replay.history', { limit: FIRST_PAGE });
      useReplayHistoryStore.setState({ rows: first.rows, total: first.total, loaded: true, error: null, loadingAll: first.nextBeforeId !== null });
      let next = first.nextBeforeId;
      while (next !== null) {
        const page = await transport.call('replay.history', { beforeId: next, limit: PAGE });
        useReplayHistoryStore.setState((s) => ({ rows: s.rows.concat(page.rows) }));
        next = page.nextBeforeId;
      }
    } catch (error) {
      useReplayHistoryStore.setState({ error: (error as Error).message, loaded: true });
    } finally {
      useReplayHistoryStore.setState({ loadingAll: false });
      loading = null;
    }
  })();
  return loading;
}

let following = false;

/**
 * Follows new replays (idempotent; called by the Replay page): each `replay.sent`, applied at
 * most once per animation frame, and a fresh read after the event stream comes back.
 */
export function followReplayHistory(): void {
  if (following) return;
  following = true;
  const incoming = createFrameBatcher<ReplaySummary>((fresh) => useReplayHistoryStore.setState((s) => applySentReplays(s, fresh)));
  transport.subscribe('replay.sent', (p) => incoming.pushAll(p.replays));
  // Events sent during a break are lost: read the history again once it was shown.
  transport.onReconnect(() => {
    if (useReplayHistoryStore.getState().loaded) void loadReplayHistory();
  });
}

export async function showReplay(id: number): Promise<void> {
  useReplayHistoryStore.setState({ activeId: id, detailError: null });
  try {
    const detail = await transport.call('replay.get', { id });
    if (useReplayHistoryStore.getState().activeId === id) useReplayHistoryStore.setState({ detail });
  } catch (error) {
    useReplayHistoryStore.setState({ detail: null, detailError: (error as Error).message });
  }
}

/** Sends a stored replay again (same bytes and headers) and shows the new one. */
export async function replayAgain(id: number): Promise<void> {
  useReplayHistoryStore.setState({ againError: null });
  try {
    const detail = await transport.call('replay.again', { id });
    useReplayHistoryStore.setState({ activeId: detail.summary.id, detail });
  } catch (error) {
    useReplayHistoryStore.setState({ againError: (error as Error).message });
  }
}

/** Picks or unpicks a replay for the diff; a third pick replaces the oldest. */
export function toggleSelected(id: number): void {
  useReplayHistoryStore.setState((s) => ({ selected: toggledSelection(s.selected, id), diff: null }));
}

export async function diffSelected(): Promise<void> {
  const [left, right] = useReplayHistoryStore.getState().selected;
  if (left === undefined || right === undefined) return;
  useReplayHistoryStore.setState({ diff: null, diffError: null });
  try {
    // Older on the left, so the diff reads as "what changed since".
    const diff = await transport.call('replay.diff', { left: Math.min(left, right), right: Math.max(left, right) });
    useReplayHistoryStore.setState({ diff });
  } catch (error) {
    useReplayHistoryStore.setState({ diffError: (error as Error).message });
  }
}

export async function clearReplayHistory(): Promise<void> {
  try {
    await transport.call('replay.clearHistory', {});
    useReplayHistoryStore.setState({ ...initial, loaded: true });
  } catch (error) {
    useReplayHistoryStore.setState({ error: (error as Error).message });
  }
}
