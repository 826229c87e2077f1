import { create } from 'zustand';
import type { DeliveryDetail, DeliverySummary } from '../../../../shared/contract/live';
import type { Transport } from '../../transport/transport';
import { createFrameBatcher } from '../../lib/frame-batcher';
import { applyLiveChanges, type LiveChange } from './live-changes';
import { createLatestOnly } from '../../lib/latest-wins';
import { createBodySearch, type BodyHits } from './live-body-search';
import { exportNdjson } from './live-export';

/**
 * What the Live area holds. The search, column filters and sort are not here: the URL is their
 * one home (LivePage reads them from the route); the store only runs the body search for the
 * query it is given.
 */
export interface LiveState {
  /** Every stored delivery's summary, newest first (ids only grow, so this is id descending). */
  readonly rows: DeliverySummary[];
  readonly total: number;
  readonly loadingAll: boolean;
  readonly error: string | null;
  readonly activeId: number | null;
  readonly detail: DeliveryDetail | null;
  readonly detailError: string | null;
  readonly checked: ReadonlySet<number>;
  /** Store updates applied from live events (one per animation frame at most). */
  readonly liveUpdates: number;
  /** Deliveries whose headers or body match the searched query (the core's full-text index). */
  readonly bodyHits: BodyHits | null;
}

export type { BodyHits } from './live-body-search';

const initial: LiveState = {
  rows: [],
  total: 0,
  loadingAll: false,
  error: null,
  activeId: null,
  detail: null,
  detailError: null,
  checked: new Set(),
  liveUpdates: 0,
  bodyHits: null,
};

export interface LiveStoreOptions {
  /** When a frame's worth of live events is applied (tests run frames by hand). */
  readonly frame?: (cb: () => void) => unknown;
}

/** What the detail asks for first: a screenful many times over, and fast to send and lay out. */
export const BODY_FIRST_PART_BYTES = 256 * 1024;

const FIRST_PAGE = 500;
const PAGE = 20_000;

/** The Live area's slice over a transport: summaries only (bodies are fetched on selection). */
export function createLiveStore(transport: Transport, options: LiveStoreOptions = {}) {
  const use = create<LiveState>(() => initial);
  const { getState, setState } = use;

  const loads = createLatestOnly();

  /** Reads every summary again: the newest page first, then older pages. */
  async function reload(): Promise<void> {
    const newest = loads.begin();
    try {
      const first = await transport.call('live.list', { limit: FIRST_PAGE });
      if (!newest()) return;
      setState((s) => {
        const top = first.rows[0]?.id ?? 0;
        const newer = s.rows.filter((r) => r.id > top);
        return { rows: newer.concat(first.rows), total: first.total + newer.length, error: null, loadingAll: first.nextBeforeId !== null };
      });
      let before = first.nextBeforeId;
      while (before !== null) {
        const page = await transport.call('live.list', { beforeId: before, limit: PAGE });
        if (!newest()) return;
        setState((s) => ({ rows: s.rows.concat(page.rows) }));
        before = page.nextBeforeId;
      }
      setState({ loadingAll: false });
    } catch (error) {
      if (newest()) setState({ error: (error as Error).message, loadingAll: false });
    }
  }

  /** Selects a delivery and fetches its detail (headers, body, forwards). */
  async function activate(id: number): Promise<void> {
    setState({ activeId: id, detailError: null });
    try {
      // The body's first part only: the pane loads the rest when asked (use-body-parts).
      const detail = await transport.call('live.get', { id, bodyBytes: BODY_FIRST_PART_BYTES });
      if (getState().activeId === id) setState({ detail });
    } catch (error) {
      setState({ detail: null, detailError: (error as Error).message });
    }
  }

  /** Closes the detail (no delivery selected). */
  function closeDetail(): void {
    setState({ activeId: null, detail: null, detailError: null });
  }

  function toggleChecked(id: number): void {
    setState((s) => {
      const checked = new Set(s.checked);
      if (checked.has(id)) checked.delete(id);
      else checked.add(id);
      return { checked };
    });
  }

  const bodySearch = createBodySearch(transport, setState);

  /**
   * Loads the newest page at once (first paint), then the rest in the background, and follows
   * live events through a frame batcher. Returns the function that stops following.
   */
  function follow(): () => void {
    const batcher = createFrameBatcher<LiveChange>((changes) => {
      setState((s) => applyLiveChanges(s, changes));
      // The open detail shows forward results: fetch it again when its results arrive.
      const active = getState().activeId;
      if (changes.some((c) => c.kind === 'forwarded' && c.id === active) && active !== null) void activate(active);
    }, options.frame);
    const stops = [
      transport.subscribe('live.received', ({ deliveries }) => {
        batcher.push({ kind: 'received', deliveries });
        bodySearch.received();
      }),
      transport.subscribe('live.forwarded', (p) => batcher.push({ kind: 'forwarded', ...p })),
      transport.subscribe('live.removed', ({ keptFromId }) => batcher.push({ kind: 'removed', keptFromId })),
      transport.subscribe('live.cleared', () =>
        setState({ rows: [], total: 0, activeId: null, detail: null, checked: new Set(), bodyHits: null }),
      ),
      transport.onReconnect(() => void reload()),
      // An import stores many rows at once, with ids among the received ones: read the list again.
      transport.subscribe('live.imported', () => void reload()),
    ];
    void reload();
    return () => {
      for (const stop of stops) stop();
      batcher.dispose();
      // A load still under way is not applied after the page left.
      loads.cancel();
      bodySearch.stop();
    };
  }

  return {
    use,
    getState,
    follow,
    reload,
    activate,
    closeDetail,
    toggleChecked,
    /** Searches headers and bodies for `query` (the search box's text), once typing pauses. */
    searchBodies: bodySearch.search,
    exportNdjson: (ids: readonly number[], onProgress?: (done: number, total: number) => void) => exportNdjson(transport, ids, onProgress),
  };
}

export type LiveStore = ReturnType<typeof createLiveStore>;
