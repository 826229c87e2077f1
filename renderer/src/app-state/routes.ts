import { useSyncExternalStore } from 'react';

/** The areas of the app, in navigation order. */
export const AREAS = ['live', 'history', 'replay', 'sequences', 'sandbox', 'settings'] as const;
export type Area = (typeof AREAS)[number];

export const AREA_LABELS: Record<Area, string> = {
  live: 'Live',
  history: 'History',
  replay: 'Replay',
  sequences: 'Sequences',
  sandbox: 'Sandbox',
  settings: 'Settings',
};

/** Name/value pairs after `?` in the hash (an area's filters), in a canonical order. */
export type RouteParams = Readonly<Record<string, string>>;

export interface Route {
  readonly area: Area;
  /** What follows the area in the hash (`#/settings/environments` -> `environments`). */
  readonly rest: string;
  /** The hash's query (`#/live?q=coupon` -> { q: 'coupon' }): an area's filter state. */
  readonly params: RouteParams;
}

/** Parses `#/<area>/<rest>?<params>`; anything unknown is the Live area. */
export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#\/?/, '');
  const q = raw.indexOf('?');
  const path = q < 0 ? raw : raw.slice(0, q);
  const [first = '', ...rest] = path.split('/');
  const area = (AREAS as readonly string[]).includes(first) ? (first as Area) : 'live';
  const params: Record<string, string> = {};
  if (q >= 0) for (const [k, v] of new URLSearchParams(raw.slice(q + 1))) params[k] = v;
  return { area, rest: rest.join('/'), params };
}

/** The tab a route's first segment names (`history/reconcile/…` -> `reconcile`); the first tab when none or unknown. */
export function tabOfRest<T extends string>(tabs: readonly [T, ...T[]], rest: string): T {
  const first = rest.split('/')[0] ?? '';
  return tabs.find((t) => t === first) ?? tabs[0];
}

/** `a=1&b=2` with empty values left out and keys sorted, so equal states give equal strings. */
export function paramsString(params: RouteParams): string {
  const search = new URLSearchParams();
  for (const key of Object.keys(params).sort()) if (params[key] !== '') search.set(key, params[key]!);
  return search.toString();
}

/** Link target for an area, optionally a section inside it and its filter params. */
export function hrefFor(area: Area, rest = '', params: RouteParams = {}): string {
  const query = paramsString(params);
  return `#/${area}${rest ? `/${rest}` : ''}${query ? `?${query}` : ''}`;
}

/**
 * Goes to `href`: a new history entry (back returns here), or with `replace` the current
 * entry changes (typing in a filter, moving through rows with the keyboard).
 */
export function navigate(href: string, options: { replace?: boolean } = {}): void {
  if (href === window.location.hash) return;
  if (options.replace) {
    window.history.replaceState(window.history.state, '', href);
    // replaceState fires no hashchange: tell useRoute's subscribers ourselves.
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  } else {
    window.location.hash = href;
  }
}

const lastLocations = new Map<Area, string>();

/** Remembers where the user was in an area (its selection, tab and filters). */
export function rememberLocation(area: Area, hash: string): void {
  lastLocations.set(area, hash);
}

/**
 * Where the navigation takes you in an area: back where you left it (the open delivery, the
 * tab, the filters), as before the URL held them; the area's start the first time.
 */
export function areaHref(area: Area): string {
  return lastLocations.get(area) ?? hrefFor(area);
}

/** The current route; hash routing works the same under app:// and http://. */
export function useRoute(): Route {
  const hash = useSyncExternalStore(
    (onChange) => {
      window.addEventListener('hashchange', onChange);
      return () => window.removeEventListener('hashchange', onChange);
    },
    () => window.location.hash,
  );
  return parseHash(hash);
}
