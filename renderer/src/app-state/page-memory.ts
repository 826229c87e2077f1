import { useEffect } from 'react';
import type { RouteParams } from './routes';
import { slice, useSlice } from './store-root';

/** A place in an area: the route's rest and its params, as the URL holds them. */
export interface Place {
  readonly rest: string;
  readonly params: RouteParams;
}

/** What pages remember while the window is open: one per root, never module state. */
export interface PageMemory {
  /**
   * Where a tab was left (`replay.history`, `sequences.orders`: its open item, sort and filters),
   * so coming back from another tab returns there: read from the URL and only written back to it.
   */
  readonly places: Map<string, Place>;
  /** The deep link a page opened last (so coming back to it does not re-open it over edits). */
  readonly openedLinks: Map<string, string>;
}

export function createPageMemory(): PageMemory {
  return { places: new Map(), openedLinks: new Map() };
}

export const pageMemorySlice = slice<PageMemory>('page-memory');

export function usePageMemory(): PageMemory {
  return useSlice(pageMemorySlice);
}

/**
 * Keeps where the tab `key` is while it is shown (`shown`, null when another tab is), and returns
 * the function that reads where it was left (null before it was shown).
 */
export function useLeftPlace(key: string, shown: Place | null): () => Place | null {
  const { places } = usePageMemory();
  const rest = shown?.rest;
  const params = shown?.params;
  useEffect(() => {
    if (rest !== undefined && params !== undefined) places.set(key, { rest, params });
  }, [places, key, rest, params]);
  return () => places.get(key) ?? null;
}
