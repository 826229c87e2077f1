import type { Transport } from '../../transport/transport';
import { createLatestOnly } from '../../lib/latest-wins';

/** The answer of live.search for one query. */
export interface BodyHits {
  readonly query: string;
  readonly ids: ReadonlySet<number>;
  /** More matched than were returned (the newest are listed). */
  readonly more: boolean;
  /** Deliveries not yet indexed when it answered (a burst): asked again until none wait. */
  readonly indexing: number;
}

/** What a body search shows: its hits, or none and why. */
export type BodySearchShown = { bodyHits: BodyHits | null } | { bodyHits: null; error: string };

const BODY_SEARCH_DELAY_MS = 120;

/**
 * The Live slice's body search: asks the core's full-text index for the deliveries whose headers
 * or body match the query, once typing pauses; an answer for an older query is dropped.
 */
export function createBodySearch(transport: Transport, show: (shown: BodySearchShown) => void) {
  /** The query the body search runs for (the URL's `q`, handed over by the page). */
  let searched = '';
  let timer: ReturnType<typeof setTimeout> | null = null;
  const turns = createLatestOnly();

  /** Runs the search once typing pauses (`restart`: each keystroke postpones it). */
  function schedule({ restart = true }: { restart?: boolean } = {}): void {
    if (timer !== null) {
      if (!restart) return;
      clearTimeout(timer);
    }
    timer = setTimeout(() => {
      timer = null;
      const query = searched;
      const newest = turns.begin();
      if (query.trim() === '') {
        show({ bodyHits: null });
        return;
      }
      transport.call('live.search', { query }).then(
        ({ ids, more, indexing }) => {
          if (!newest()) return;
          show({ bodyHits: { query, ids: new Set(ids), more, indexing } });
          // The index catches up in the background: ask again, and the "indexing N…" goes when it has.
          if (indexing > 0) schedule({ restart: false });
        },
        (error: Error) => {
          if (newest()) show({ bodyHits: null, error: `Body search failed: ${error.message}` });
        },
      );
    }, BODY_SEARCH_DELAY_MS);
  }

  return {
    /** Searches headers and bodies for `query` (the search box's text), once typing pauses. */
    search(query: string): void {
      if (query === searched) return;
      searched = query;
      schedule();
    },
    /**
     * New deliveries may match the open search in their bodies: ask the index again (at most once
     * per delay however fast they come: a burst must not keep postponing it).
     */
    received(): void {
      if (searched.trim() !== '') schedule({ restart: false });
    },
    /** Drops a search waiting for typing to pause (the page left). */
    stop(): void {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
