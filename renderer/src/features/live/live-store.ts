import { create } from 'zustand';
import type { ColumnFiltersState, SortingState } from '@tanstack/react-table';
import type { DeliveryDetail, DeliverySummary } from '../../../../shared/contract/live';
import { transport } from '../../transport';
import { BODY_FIRST_PART_BYTES } from './use-body-parts';
import { createFrameBatcher } from '../../lib/frame-batcher';
import { applyLiveChanges, type LiveChange } from './live-changes';

interface LiveState {
  /** Every stored delivery's summary, newest first (ids only grow, so this is id descending). */
  readonly rows: DeliverySummary[];
  readonly total: number;
  readonly loadingAll: boolean;
  readonly error: string | null;
  readonly query: string;
  readonly sorting: SortingState;
  readonly columnFilters: ColumnFiltersState;
  readonly activeId: number | null;
  readonly detail: DeliveryDetail | null;
  readonly detailError: string | null;
  readonly checked: ReadonlySet<number>;
  /** Store updates applied from live events (one per animation frame at most). */
  readonly liveUpdates: number;
  /** Deliveries whose headers or body match `query` (the core's full-text index). */
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
  query: '',
  sorting: [],
  columnFilters: [],
  activeId: null,
  detail: null,
  detailError: null,
  checked: new Set(),
  liveUpdates: 0,
  bodyHits: null,
};

/** The Live area's slice: summaries only (bodies are fetched on selection). */
export const useLiveStore = create<LiveState>(() => initial);

const FIRST_PAGE = 500;
const PAGE = 20_000;


let following = false;

/**
 * Loads the newest page at once (first paint), then the rest in the background, and follows
 * live events through a frame batcher. Idempotent.
 */
export function followLive(): void {
  if (following) return;
  following = true;
  const batcher = createFrameBatcher<LiveChange>((changes) => {
    useLiveStore.setState((s) => applyLiveChanges(s, changes));
    // The open detail shows forward results: fetch it again when its results arrive.
    const active = useLiveStore.getState().activeId;
    if (changes.some((c) => c.kind === 'forwarded' && c.id === active) && active !== null) void activate(active);
  });
  transport.subscribe('live.received', ({ deliveries }) => {
    batcher.push({ kind: 'received', deliveries });
    // New deliveries may match the open search in their bodies: ask the index again (at most
    // once per delay however fast they come: a burst must not keep postponing it).
    if (useLiveStore.getState().query.trim() !== '') scheduleBodySearch({ restart: false });
  });
  transport.subscribe('live.forwarded', (p) => batcher.push({ kind: 'forwarded', ...p }));
  transport.subscribe('live.removed', ({ keptFromId }) => batcher.push({ kind: 'removed', keptFromId }));
  transport.subscribe('live.cleared', () => useLiveStore.setState({ rows: [], total: 0, activeId: null, detail: null, checked: new Set(), bodyHits: null }));
  transport.onReconnect(() => void reload());
  void reload();
}

let loadGeneration = 0;

/** Reads every summary again: the newest page first, then older pages. */
export async function reload(): Promise<void> {
  const generation = ++loadGeneration;
  try {
    const first = await transport.call('live.list', { limit: FIRST_PAGE });
    if (generation !== loadGeneration) return;
    useLiveStore.setState((s) => {
      const top = first.rows[0]?.id ?? 0;
      const newer = s.rows.filter((r) => r.id > top);
      return { rows: newer.concat(first.rows), total: first.total + newer.length, error: null, loadingAll: first.nextBeforeId !== null };
    });
    let before = first.nextBeforeId;
    while (before !== null) {
      const page = await transport.call('live.list', { beforeId: before, limit: PAGE });
      if (generation !== loadGeneration) return;
      useLiveStore.setState((s) => ({ rows: s.rows.concat(page.rows) }));
      before = page.nextBeforeId;
    }
    useLiveStore.setState({ loadingAll: false });
  } catch (error) {
    useLiveStore.setState({ error: (error as Error).message, loadingAll: false });
  }
}

/** Selects a delivery and fetches its detail (headers, body, forwards). */
export async function activate(id: number): Promise<void> {
  useLiveStore.setState({ activeId: id, detailError: null });
  try {
    // The body's first part only: the pane loads the rest when asked (use-body-parts).
    const detail = await transport.call('live.get', { id, bodyBytes: BODY_FIRST_PART_BYTES });
    if (useLiveStore.getState().activeId === id) useLiveStore.setState({ detail });
  } catch (error) {
    useLiveStore.setState({ detail: null, detailError: (error as Error).message });
  }
}

/** Closes the detail (no delivery selected). */
export function closeDetail(): void {
  useLiveStore.setState({ activeId: null, detail: null, detailError: null });
}

export function toggleChecked(id: number): void {
  useLiveStore.setState((s) => {
    const checked = new Set(s.checked);
    if (checked.has(id)) checked.delete(id);
    else checked.add(id);
    return { checked };
  });
}

export function setQuery(query: string): void {
  if (query === useLiveStore.getState().query) return;
  useLiveStore.setState({ query });
  scheduleBodySearch();
}

const BODY_SEARCH_DELAY_MS = 120;
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
    const query = useLiveStore.getState().query;
    const generation = ++bodySearchGeneration;
    if (query.trim() === '') {
      useLiveStore.setState({ bodyHits: null });
      return;
    }
    transport.call('live.search', { query }).then(
      ({ ids, more, indexing }) => {
        if (generation !== bodySearchGeneration) return;
        useLiveStore.setState({ bodyHits: { query, ids: new Set(ids), more, indexing } });
        // The index catches up in the background: ask again, and the "indexing N…" goes when it has.
        if (indexing > 0) scheduleBodySearch({ restart: false });
      },
      (error: Error) => {
        if (generation === bodySearchGeneration) useLiveStore.setState({ bodyHits: null, error: `Body search failed: ${error.message}` });
      },
    );
  }, BODY_SEARCH_DELAY_MS);
}

export function setSorting(updater: SortingState | ((old: SortingState) => SortingState)): void {
  useLiveStore.setState((s) => ({ sorting: typeof updater === 'function' ? updater(s.sorting) : updater }));
}

export function setColumnFilters(updater: ColumnFiltersState | ((old: ColumnFiltersState) => ColumnFiltersState)): void {
  useLiveStore.setState((s) => ({
    // An emptied filter is no filter (so the URL and "N of M" agree with what is shown).
    columnFilters: (typeof updater === 'function' ? updater(s.columnFilters) : updater).filter((f) => f.value !== '' && f.value !== undefined),
  }));
}

/**
 * NDJSON of the selected deliveries, fetched a page at a time and kept as Blob parts. The core
 * cuts each page at a byte budget as well as a row count (5 MB bodies come a few at a time);
 * `onProgress` hears how many of how many are done after each page. Export of everything (or
 * of a filtered view) is a job in the main process instead (ExportAllJob).
 */
export async function exportNdjson(
  ids: readonly number[],
  onProgress: (done: number, total: number) => void = () => {},
): Promise<Blob> {
  const parts: string[] = [];
  let done = 0;
  const sorted = [...ids].sort((a, b) => a - b);
  for (let i = 0; i < sorted.length; i += 5_000) {
    const chunk = sorted.slice(i, i + 5_000);
    for (let after: number | null = 0; after !== null; ) {
      const page: { ndjson: string; count: number; nextAfterId: number | null } = await transport.call('live.export', { ids: chunk, afterId: after, limit: 5_000 });
      parts.push(page.ndjson);
      done += page.count;
      onProgress(done, sorted.length);
      after = page.nextAfterId;
    }
  }
  return new Blob(parts, { type: 'application/x-ndjson' });
}
