import { useEffect, useMemo, useRef, useState } from 'react';
import type { WebhookDelivery } from '../../../../shared/service';
import { slowFilterWarning, type SieveOperator } from '../../../../shared/history/sieve';
import { browserParams, filterFrom, fromBrowserParams, type BrowserQuery, type Controls } from './browser-query';
import { CodeView } from '../../components/monaco';
import { useTransport } from '../../transport';
import { EventDeliveries } from './EventDeliveries';
import { useHistory } from './history-store';
import { hrefFor, navigate, paramsString, type Route } from '../../app-state/routes';
import { replaceParams, useRouteParams } from '../../app-state/url-state';
import { SavedFilters } from '../../components/saved-filters/SavedFilters';
import { plural } from '../../../../shared/text/plural';
import { DataTable } from '../../components/data-table';
import { BROWSE_COLUMNS } from './browse-columns';
import { EmptyState, Notice } from '../../components/ui';

const ROW_PX = 28;
/** The header row and the table's borders. */
const RESULTS_CHROME_PX = 44;
const NO_SORTING: never[] = [];
const NO_FILTERS: never[] = [];
const ignore = () => undefined;

const COMPARE_OPS: SieveOperator[] = ['==', '!=', '>', '>=', '<', '<='];
const TEXT_OPS: SieveOperator[] = ['==', '!=', '@=', '_='];
const SORTS = ['-id', 'id', '-created', 'created', 'responseStatusCode', '-responseStatusCode', 'eventType', '-eventType'];

function Select({ value, options, onChange, testId }: { value: string; options: string[]; onChange: (v: string) => void; testId: string }) {
  return (
    <select value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
      {options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </select>
  );
}

/**
 * Queries the service itself (server-side filtering, sorting and paging with totalCount), so
 * what it shows is what the service says, not our copy. The controls are URL params
 * (`#/history/browser?eventType=…`): a link or a saved filter opens the same query, and runs it.
 */
export function HistoryBrowser({ route }: { route: Route }) {
  const { resend } = useHistory();
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
  const set = (patch: Partial<Controls>) => change((q) => ({ ...q, c: { ...q.c, ...patch } }));
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
      <form
        className="card history-filters"
        onSubmit={(e) => {
          e.preventDefault();
          void run(1);
        }}
      >
        <div className="row">
          <label className="field">
            <span>id</span>
            <span className="row">
              <Select value={c.idOp} options={COMPARE_OPS} onChange={(v) => set({ idOp: v as SieveOperator })} testId="filter-id-op" />
              <input value={c.id} onChange={(e) => set({ id: e.target.value })} size={8} data-testid="filter-id" />
            </span>
          </label>
          <label className="field">
            <span>eventType</span>
            <span className="row">
              <Select value={c.typeOp} options={TEXT_OPS} onChange={(v) => set({ typeOp: v as SieveOperator })} testId="filter-type-op" />
              <input value={c.eventType} onChange={(e) => set({ eventType: e.target.value })} size={14} data-testid="filter-event-type" />
            </span>
          </label>
          <label className="field">
            <span>responseStatusCode</span>
            <span className="row">
              <Select value={c.statusOp} options={COMPARE_OPS} onChange={(v) => set({ statusOp: v as SieveOperator })} testId="filter-status-op" />
              <input value={c.status} onChange={(e) => set({ status: e.target.value })} size={5} data-testid="filter-status" />
            </span>
          </label>
          <label className="field">
            <span>delivered</span>
            <select value={c.delivered} onChange={(e) => set({ delivered: e.target.value as Controls['delivered'] })} data-testid="filter-delivered">
              <option value="">any</option>
              <option value="true">true</option>
              <option value="false">false</option>
            </select>
          </label>
          <label className="field">
            <span>created from</span>
            <input value={c.createdFrom} placeholder="2026-01-01T00:00:00Z" onChange={(e) => set({ createdFrom: e.target.value })} data-testid="filter-created-from" />
          </label>
          <label className="field">
            <span>created to</span>
            <input value={c.createdTo} onChange={(e) => set({ createdTo: e.target.value })} data-testid="filter-created-to" />
          </label>
        </div>
        <label className="field">
          <span>Raw filter (Sieve grammar, ANDed with the controls; e.g. eventType@=Auth,responseStatusCode&gt;=500)</span>
          <input value={c.raw} onChange={(e) => set({ raw: e.target.value })} className="mono" data-testid="filter-raw" />
        </label>
        <div className="row">
          <label className="row">
            Sort <Select value={sorts} options={SORTS} onChange={(v) => change((q) => ({ ...q, sorts: v }))} testId="filter-sorts" />
          </label>
          <label className="row">
            Page size <input type="number" value={pageSize} onChange={(e) => change((q) => ({ ...q, pageSize: Number(e.target.value) }))} style={{ width: 70 }} data-testid="filter-page-size" />
          </label>
          <button type="submit" className="button button--primary" disabled={busy} data-testid="history-search">
            Search the service
          </button>
          <code className="muted" data-testid="filter-preview">filters={filters || '(none)'}</code>
          <SavedFilters area="history-browser" current={params} onApply={(saved) => navigate(hrefFor('history', 'browser', saved))} />
        </div>
        {warning && (
          <Notice tone="warn" testId="filter-warning">
            {warning}
          </Notice>
        )}
      </form>
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
        <>
          <div className="row" style={{ margin: '8px 0' }}>
            <button type="button" className="button" disabled={page <= 1 || busy} onClick={() => void run(page - 1)} data-testid="page-prev">
              Previous
            </button>
            <span data-testid="history-total">
              Page {page} of {pages} · {plural(result.totalCount, 'delivery matches', 'deliveries match')}
            </span>
            <button type="button" className="button" disabled={page >= pages || busy} onClick={() => void run(page + 1)} data-testid="page-next">
              Next
            </button>
          </div>
          {/* As tall as its rows, up to most of the window: a page holds at most 100. */}
          <div className="history-results" style={{ height: `min(60vh, ${RESULTS_CHROME_PX + ROW_PX * Math.max(1, result.deliveries.length)}px)` }}>
            <DataTable
              data={result.deliveries}
              processed={result.deliveries}
              columns={BROWSE_COLUMNS}
              getRowId={(d) => String(d.id)}
              sorting={NO_SORTING}
              onSortingChange={ignore}
              columnFilters={NO_FILTERS}
              onColumnFiltersChange={ignore}
              activeId={detail ? String(detail.id) : null}
              onActivate={setDetail}
              rowHeight={ROW_PX}
              testId="history-results"
              columnWidthsKey="history-browse"
              empty="No delivery matches."
            />
          </div>
        </>
      )}
      {detail && (
        <div className="card" data-testid="history-detail">
          <h2 className="card__title row">
            Delivery {detail.id} (event {detail.eventId})
            <button type="button" className="button button--small" onClick={() => void resend(detail.id)} data-testid="detail-resend">
              Resend
            </button>
            <button type="button" className="button button--small" onClick={() => setDetail(null)}>
              Close
            </button>
          </h2>
          <p className="muted mono">to {detail.url}</p>
          <CodeView value={detail.payload} height={200} testId="history-detail-payload" />
          <EventDeliveries eventId={detail.eventId} />
        </div>
      )}
    </div>
  );
}
