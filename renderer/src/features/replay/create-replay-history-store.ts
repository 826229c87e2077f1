import { create } from 'zustand';
import type { CallResult } from '../../../../shared/contract';
import type { ReplayDetail, ReplaySummary } from '../../../../shared/contract/replay';
import type { Transport } from '../../transport/transport';
import { createFrameBatcher } from '../../lib/frame-batcher';
import { applySentReplays, toggledSelection } from './replay-history-changes';

export type ReplayDiff = CallResult<'replay.diff'>;

export interface ReplayHistoryState {
  /** Every stored replay, newest first. */
  readonly rows: ReplaySummary[];
  readonly total: number;
  readonly loaded: boolean;
  readonly loadingAll: boolean;
  readonly error: string | null;
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
  activeId: null,
  detail: null,
  detailError: null,
  selected: [],
  diff: null,
  diffError: null,
  againError: null,
};

const FIRST_PAGE = 500;
const PAGE = 20_000;

/**
 * The replay history's slice over a transport: summaries (requests and answers are fetched on
 * selection). The table's sort and column filters are the Replay history tab's URL params, their
 * one home: the slice keeps no copy.
 */
export function createReplayHistoryStore(
  transport: Transport,
  options: { frame?: (cb: () => void) => unknown } = {},
) {
  const use = create<ReplayHistoryState>(() => initial);
  const { getState, setState } = use;
  let loading: Promise<void> | null = null;

  /**
   * Loads every stored replay: a first page for the first paint, the rest behind it. Replays
   * sent meanwhile arrive by `replay.sent` and are merged by id.
   */
  function loadReplayHistory(): Promise<void> {
    loading ??= (async () => {
      try {
        const first = await transport.call('replay.history', { limit: FIRST_PAGE });
        setState({
          rows: first.rows,
          total: first.total,
          loaded: true,
          error: null,
          loadingAll: first.nextBeforeId !== null,
        });
        let next = first.nextBeforeId;
        while (next !== null) {
          const page = await transport.call('replay.history', { beforeId: next, limit: PAGE });
          setState((s) => ({ rows: s.rows.concat(page.rows) }));
          next = page.nextBeforeId;
        }
      } catch (error) {
        setState({ error: (error as Error).message, loaded: true });
      } finally {
        setState({ loadingAll: false });
        loading = null;
      }
    })();
    return loading;
  }

  /**
   * Follows new replays: each `replay.sent`, applied at most once per animation frame, and a
   * fresh read after the event stream comes back. Returns the function that stops following.
   */
  function follow(): () => void {
    const incoming = createFrameBatcher<ReplaySummary>(
      (fresh) => setState((s) => applySentReplays(s, fresh)),
      options.frame,
    );
    const stops = [
      transport.subscribe('replay.sent', (p) => incoming.pushAll(p.replays)),
      // Events sent during a break are lost: read the history again once it was shown.
      transport.onReconnect(() => {
        if (getState().loaded) void loadReplayHistory();
      }),
    ];
    return () => {
      for (const stop of stops) stop();
      incoming.dispose();
    };
  }

  async function showReplay(id: number): Promise<void> {
    setState({ activeId: id, detailError: null });
    try {
      const detail = await transport.call('replay.get', { id });
      if (getState().activeId === id) setState({ detail });
    } catch (error) {
      setState({ detail: null, detailError: (error as Error).message });
    }
  }

  /** Sends a stored replay again (same bytes and headers) and shows the new one. */
  async function replayAgain(id: number): Promise<void> {
    setState({ againError: null });
    try {
      const detail = await transport.call('replay.again', { id });
      setState({ activeId: detail.summary.id, detail });
    } catch (error) {
      setState({ againError: (error as Error).message });
    }
  }

  /** Picks or unpicks a replay for the diff; a third pick replaces the oldest. */
  function toggleSelected(id: number): void {
    setState((s) => ({ selected: toggledSelection(s.selected, id), diff: null }));
  }

  async function diffSelected(): Promise<void> {
    const [left, right] = getState().selected;
    if (left === undefined || right === undefined) return;
    setState({ diff: null, diffError: null });
    try {
      // Older on the left, so the diff reads as "what changed since".
      const diff = await transport.call('replay.diff', {
        left: Math.min(left, right),
        right: Math.max(left, right),
      });
      setState({ diff });
    } catch (error) {
      setState({ diffError: (error as Error).message });
    }
  }

  async function clearReplayHistory(): Promise<void> {
    try {
      await transport.call('replay.clearHistory', {});
      setState({ ...initial, loaded: true });
    } catch (error) {
      setState({ error: (error as Error).message });
    }
  }

  return {
    use,
    getState,
    setState,
    follow,
    loadReplayHistory,
    showReplay,
    replayAgain,
    toggleSelected,
    diffSelected,
    clearReplayHistory,
  };
}

export type ReplayHistoryStore = ReturnType<typeof createReplayHistoryStore>;
