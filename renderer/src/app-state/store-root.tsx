import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { Transport } from '../transport/transport';
import { TransportProvider } from '../transport/use-transport';

/**
 * The name of one slice in a root: a typed key, so `root.get(liveSlice)` is a `LiveStore`
 * without the root knowing every feature (features sit above app-state and name their own).
 */
export interface Slice<S> {
  readonly name: string;
  /** Only carries the type. */
  readonly type?: S;
}

export function slice<S>(name: string): Slice<S> {
  return { name };
}

/** A slice that follows the core's events (and returns how to stop, which a root never does). */
interface Following {
  follow(): unknown;
}

/**
 * Every slice of one page, built over one transport (shell/compose-stores.ts builds it), and the
 * one guard that follows each slice's events once: a second window or a test builds another root
 * and gets fresh stores that share nothing with this one.
 */
export interface StoreRoot {
  readonly transport: Transport;
  get<S>(key: Slice<S>): S;
  /**
   * Starts following the slice's events, once per root however often it is asked (each page
   * asks on every visit), and keeps following: coming back shows what arrived meanwhile.
   */
  follow(key: Slice<Following>): void;
}

/** A root being built: each slice is added once, under its own key. */
export interface StoreRootBuilder extends StoreRoot {
  add<S>(key: Slice<S>, store: S): S;
}

export function createStoreRoot(transport: Transport): StoreRootBuilder {
  const slices = new Map<Slice<unknown>, unknown>();
  const followed = new Set<Slice<unknown>>();
  const root: StoreRootBuilder = {
    transport,
    add(key, store) {
      if (slices.has(key)) throw new Error(`the ${key.name} slice is built twice`);
      slices.set(key, store);
      return store;
    },
    get<S>(key: Slice<S>): S {
      if (!slices.has(key)) throw new Error(`this root has no ${key.name} slice`);
      return slices.get(key) as S;
    },
    follow(key) {
      if (followed.has(key)) return;
      followed.add(key);
      root.get(key).follow();
    },
  };
  return root;
}

const RootContext = createContext<StoreRoot | null>(null);

/** Gives the components below it their stores (and the transport under them). */
export function StoresProvider({ root, children }: { root: StoreRoot; children: ReactNode }) {
  return (
    <RootContext.Provider value={root}>
      <TransportProvider transport={root.transport}>{children}</TransportProvider>
    </RootContext.Provider>
  );
}

/** This page's root (the one StoresProvider above the component). */
export function useStoreRoot(): StoreRoot {
  const root = useContext(RootContext);
  if (!root) throw new Error('a store hook was used outside StoresProvider');
  return root;
}

/** One slice of this page's root. */
export function useSlice<S>(key: Slice<S>): S {
  return useStoreRoot().get(key);
}

/** Follows the slice from the component's first mount on (once per root; see StoreRoot.follow). */
export function useFollow(key: Slice<Following>): void {
  const root = useStoreRoot();
  useEffect(() => root.follow(key), [root, key]);
}
