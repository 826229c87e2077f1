import { create } from 'zustand';
import type { DeliveryDetail, DeliverySummary } from '../../../../shared/contract/live';
import type { CallResult } from '../../../../shared/contract';
import type { Transport } from '../../transport/transport';
import { createFrameBatcher } from '../../lib/frame-batcher';
import { applyLiveChanges, type LiveChange } from './live-changes';

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

/** The answer of live.search for one query. */
export interface BodyHits {
  readonly query: string;
  readonly ids: ReadonlySet<number>;
  /** More matched than were returned (the newest are listed). */
  readonly more: boolean;
  /** Deliveries not yet indexed when it answered (a burst): asked again until none wait. */
  readonly indexing: number;
}

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
const BODY_SEARCH_DELAY_MS = 120;
/** Ids per live.export call (and rows per page at most). */
const EXPORT_CHUNK = 5_000;

/** The Live area's slice over a transport: summaries only (bodies are fetched on selection). */
export function createLiveStore(transport: Transport, options: LiveStoreOptions = {}) {
  const use = create<LiveState>(() => initial);
  const { getState, setState } = use;

  let loadGeneration = 0;

  /** Reads every summary again: the newest page first, then older pages. */
  async function reload(): Promise<void> {
    const generation = ++loadGeneration;
    try {
      const first = await transport.call('live.list', { limit: FIRST_PAGE });
      if (generation !== loadGeneration) return;
      setState((s) => {
        const top = first.rows[0]?.id ?? 0;
        const newer = s.rows.filter((r) => r.id > top);
        return { rows: newer.concat(first.rows), total: first.total + newer.length, error: null, loadingAll: first.nextBeforeId !== null };
      });
      let before = first.nextBeforeId;
      while (before !== null) {
        const page = await transport.call('live.list', { beforeId: before, limit: PAGE });
        if (generation !== loadGeneration) return;
        setState((s) => ({ rows: s.rows.concat(page.rows) }));
        before = page.nextBeforeId;
      }
      setState({ loadingAll: false });
    } catch (error) {
      if (generation === loadGeneration) setState({ error: (error as Error).message, loadingAll: false });
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

  /** The query the body search runs for (the URL's `q`, handed over by the page). */
  let searched = '';
  let bodySearchTimer: ReturnType<typeof setTimeout> | null = null;
  let bodySearchGeneration = 0;

  /**
   * Asks the core's full-text index for the deliveries whose headers or body match the query,
   * once typing pauses (`restart`: each keystroke postpones it); an answer for an older query
   * is dropped.
   */
  function scheduleBodySearch({ restart = true }: { restart?: boolean } = {}): void {
    if (bodySearchTimer !== null) {
      if (!restart) return;
      clearTimeout(bodySearchTimer);
    }
    bodySearchTimer = setTimeout(() => {
      bodySearchTimer = null;
      const query = searched;
      const generation = ++bodySearchGeneration;
      if (query.trim() === '') {
        setState({ bodyHits: null });
        return;
      }
      transport.call('live.search', { query }).then(
        ({ ids, more, indexing }) => {
          if (generation !== bodySearchGeneration) return;
          setState({ bodyHits: { query, ids: new Set(ids), more, indexing } });
          // The index catches up in the background: ask again, and the "indexing N…" goes when it has.
          if (indexing > 0) scheduleBodySearch({ restart: false });
        },
        (error: Error) => {
          if (generation === bodySearchGeneration) setState({ bodyHits: null, error: `Body search failed: ${error.message}` });
        },
      );
    }, BODY_SEARCH_DELAY_MS);
  }

  /** Searches headers and bodies for `query` (the search box's text), once typing pauses. */
  function searchBodies(query: string): void {
    if (query === searched) return;
    searched = query;
    scheduleBodySearch();
  }

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
        // New deliveries may match the open search in their bodies: ask the index again (at most
        // once per delay however fast they come: a burst must not keep postponing it).
        if (searched.trim() !== '') scheduleBodySearch({ restart: false });
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
      loadGeneration++;
      if (bodySearchTimer !== null) clearTimeout(bodySearchTimer);
      bodySearchTimer = null;
    };
  }

  /**
   * NDJSON of the given deliveries, fetched a page at a time and kept as Blob parts, so exporting
   * many deliveries never builds one giant string (everything is the `live.exportAll` job's). The
   * core cuts each page at a byte budget as well as a row count (5 MB bodies come a few at a
   * time); `onProgress` hears how many of how many are done after each page.
   */
  async function exportNdjson(ids: readonly number[], onProgress: (done: number, total: number) => void = () => {}): Promise<Blob> {
    const parts: string[] = [];
    const sorted = [...ids].sort((a, b) => a - b);
    let done = 0;
    for (let i = 0; i < sorted.length; i += EXPORT_CHUNK) {
      const chunk = sorted.slice(i, i + EXPORT_CHUNK);
      let after: number | null = 0;
      while (after !== null) {
        const page: CallResult<'live.export'> = await transport.call('live.export', { ids: chunk, afterId: after, limit: EXPORT_CHUNK });
        parts.push(page.ndjson);
        done += page.count;
        onProgress(done, sorted.length);
        after = page.nextAfterId;
      }
    }
    return new Blob(parts, { type: 'application/x-ndjson' });
  }

  return { use, getState, follow, reload, activate, closeDetail, toggleChecked, searchBodies, exportNdjson };
}

export type LiveStore = ReturnType<typeof createLiveStore>;
