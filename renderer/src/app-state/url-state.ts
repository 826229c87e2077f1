import { useEffect, useRef } from 'react';
import { hrefFor, navigate, paramsString, type Route, type RouteParams } from './routes';

/**
 * Keeps an area's filter state and the hash's params in step, both ways, without loops: when
 * the URL changed (first render, back/forward, a link), the URL wins and is applied to the
 * state; when the state changed (typing in a filter), the URL's current entry is replaced.
 * `state` must be canonical: applying params and reading them back gives the same string.
 */
export function useParamsSync(route: Route, state: RouteParams, apply: (params: RouteParams) => void): void {
  const fromUrl = paramsString(route.params);
  const fromState = paramsString(state);
  const seen = useRef<string | null>(null);
  const latestApply = useRef(apply);
  latestApply.current = apply;
  const { area, rest } = route;
  useEffect(() => {
    if (fromUrl !== seen.current) {
      seen.current = fromUrl;
      if (fromUrl !== fromState) latestApply.current(Object.fromEntries(new URLSearchParams(fromUrl)));
      return;
    }
    if (fromState !== fromUrl) {
      seen.current = fromState;
      navigate(hrefFor(area, rest, Object.fromEntries(new URLSearchParams(fromState))), { replace: true });
    }
  }, [fromUrl, fromState, area, rest]);
}
