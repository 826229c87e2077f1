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

export interface Route {
  readonly area: Area;
  /** What follows the area in the hash (`#/settings/environments` -> `environments`). */
  readonly rest: string;
}

/** Parses `#/<area>/<rest>`; anything unknown is the Live area. */
export function parseHash(hash: string): Route {
  const [first = '', ...rest] = hash.replace(/^#\/?/, '').split('/');
  const area = (AREAS as readonly string[]).includes(first) ? (first as Area) : 'live';
  return { area, rest: rest.join('/') };
}

/** Link target for an area, optionally a section inside it. */
export function hrefFor(area: Area, rest = ''): string {
  return rest ? `#/${area}/${rest}` : `#/${area}`;
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
