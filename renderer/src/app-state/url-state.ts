import { useMemo } from 'react';
import { hrefFor, navigate, paramsString, parseHash, type Route, type RouteParams } from './routes';

/**
 * Changes the current route's params in place (typing in a filter, a page further): the URL is
 * the one home of an area's filters, sort and query, and the current history entry changes
 * (back does not step through keystrokes). Read at call time, so two changes in one event both
 * land.
 */
export function replaceParams(change: (params: RouteParams) => RouteParams): void {
  const { area, rest, params } = parseHash(window.location.hash);
  navigate(hrefFor(area, rest, change(params)), { replace: true });
}

/**
 * The route's params, the same object while their canonical string is the same: what a view
 * derives from them (parsed filters, a query to load) changes only when the URL's filters do.
 */
export function useRouteParams(route: Route): RouteParams {
  const key = paramsString(route.params);
  return useMemo(() => Object.fromEntries(new URLSearchParams(key)), [key]);
}
