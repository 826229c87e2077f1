import { useEffect, useMemo, useRef, useState } from 'react';
import type { WebhookDelivery } from '../../../../shared/service';
import { slowFilterWarning } from '../../../../shared/history/sieve';
import { browserParams, filterFrom, fromBrowserParams, type BrowserQuery } from './browser-query';
import { useTransport } from '../../transport';
import { paramsString, type Route } from '../../app-state/routes';
import { replaceParams, useRouteParams } from '../../app-state/url-state';
import { EmptyState, Notice } from '../../components/ui';
import { BrowserDetail } from './BrowserDetail';
import { BrowserFilterForm } from './BrowserFilterForm';
import { BrowserResults } from './BrowserResults';

/**
 * Queries the service itself (server-side filtering, sorting and paging with totalCount), so
 * what it shows is what the service says, not our copy. The controls are URL params
 * (`#/history/browser?eventType=…`): a link or a saved filter opens the same query, and runs it.
 */
export function HistoryBrowser({ route }: { route: Route }) {
  const transport = useTransport();
  // The controls are the URL's params, their one home: each change is written there.
  const routeParams = useRouteParams(route);
  const query = useMemo(() => fromBrowserParams(routeParams), [routeParams]);
  const { c, sorts, pageSize } = query;
  const params = useMemo(() => browserParams(query), [query]);
  /** The params this view wrote last: any others came from a link, back/forward or a saved filter. */
  const written = useRef<string | null>(null);
  /** Writes a change of the query to the URL, from the URL as it is at call time (two changes in one event both land). */
  const change = (update: (q: BrowserQuery) => BrowserQuery) =>
    replaceParams((current) => {
      const next = browserParams(update(fromBrowserParams(current)));
      written.current = paramsString(next);
      return next;
    });
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<{ deliveries: WebhookDelivery[]; totalCount: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [detail, setDetail] = useState<WebhookDelivery | null>(null);
  const filters = filterFrom(c);
  const warning = slowFilterWarning(filters);

  const run = async (nextPage: number) => {
    setBusy(true);
    setPage(nextPage);
    try {
      const r = await transport.call('history.query', { filters, sorts, page: nextPage, pageSize });
      setResult(r);
      setError(null);
    } catch (e) {
      // The old rows answered another filter: showing them under this one would mislead.
      setResult(null);
      setDetail(null);
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  // Params from a link, back/forward or a saved filter: run the query they describe.
  const paramsKey = paramsString(params);
  useEffect(() => {
    if (paramsKey === written.current) return;
    written.current = paramsKey;
    if (paramsKey !== '') void run(1);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per query from outside, with the filters as they are then; `run` is a new function each render
  }, [paramsKey]);
  const pages = result ? Math.max(1, Math.ceil(result.totalCount / Math.min(100, Math.max(1, pageSize)))) : 1;

  return (
    <div data-testid="history-browser">
      <BrowserFilterForm
        query={query}
        filters={filters}
        params={params}
        warning={warning}
        busy={busy}
        change={change}
        onSearch={() => void run(1)}
      />
      {error && (
        <Notice tone="error" testId="history-query-error">
          {error}
        </Notice>
      )}
      {!result && !error && (
        <EmptyState title="Ask the service">
          Its delivery history is read live from the service: choose filters (or none) and press Search the service. The Events tab
          lists the local copy without asking.
        </EmptyState>
      )}
      {result && (
        <BrowserResults
          result={result}
          page={page}
          pages={pages}
          busy={busy}
          onPage={(p) => void run(p)}
          detail={detail}
          onDetail={setDetail}
        />
      )}
      {detail && <BrowserDetail detail={detail} onClose={() => setDetail(null)} />}
    </div>
  );
}
