import { useEffect, useState } from 'react';
import type { WebhookDelivery } from '../../../../shared/service';
import { buildSieveFilter, slowFilterWarning, type SieveCondition, type SieveOperator } from '../../../../shared/history/sieve';
import { CodeView } from '../../components/monaco';
import { useTransport } from '../../transport';
import { EventDeliveries } from './EventDeliveries';
import { resend } from './history-store';
import { hrefFor, navigate, type Route, type RouteParams } from '../../app-state/routes';
import { useParamsSync } from '../../app-state/url-state';
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

interface Controls {
  idOp: SieveOperator;
  id: string;
  typeOp: SieveOperator;
  eventType: string;
  statusOp: SieveOperator;
  status: string;
  delivered: '' | 'true' | 'false';
  createdFrom: string;
  createdTo: string;
  raw: string;
}

const EMPTY: Controls = {
  idOp: '>', id: '', typeOp: '==', eventType: '', statusOp: '==', status: '', delivered: '', createdFrom: '', createdTo: '', raw: '',
};

/** The controls' conditions, in the grammar (see docs/service.md#filters). */
export function filterFrom(c: Controls): string {
  const conditions: SieveCondition[] = [
    { field: 'id', op: c.idOp, value: c.id },
    { field: 'eventType', op: c.typeOp, value: c.eventType },
    { field: 'responseStatusCode', op: c.statusOp, value: c.status },
    { field: 'delivered', op: '==', value: c.delivered },
    { field: 'created', op: '>=', value: c.createdFrom },
    { field: 'created', op: '<=', value: c.createdTo },
  ];
  return buildSieveFilter(conditions, c.raw);
}

const DEFAULT_SORTS = '-id';
const DEFAULT_PAGE_SIZE = 50;

/** The browser's controls as URL params: only what differs from the defaults. */
function browserParams(c: Controls, sorts: string, pageSize: number): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of Object.keys(EMPTY) as Array<keyof Controls>) if (c[key] !== EMPTY[key]) params[key] = c[key];
  if (sorts !== DEFAULT_SORTS) params.sorts = sorts;
  if (pageSize !== DEFAULT_PAGE_SIZE) params.pageSize = String(pageSize);
  return params;
}

/** The controls, sort and page size that URL params describe (the inverse of browserParams). */
function fromBrowserParams(params: RouteParams): { c: Controls; sorts: string; pageSize: number } {
  const c = { ...EMPTY };
  for (const key of Object.keys(EMPTY) as Array<keyof Controls>) if (params[key] !== undefined) (c as Record<string, string>)[key] = params[key]!;
  const size = Number(params.pageSize);
  return { c, sorts: params.sorts ?? DEFAULT_SORTS, pageSize: Number.isInteger(size) && size > 0 ? size : DEFAULT_PAGE_SIZE };
}

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
  const transport = useTransport();
  const [c, setC] = useState<Controls>(EMPTY);
  const [sorts, setSorts] = useState(DEFAULT_SORTS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [runFromUrl, setRunFromUrl] = useState(false);
  const params = browserParams(c, sorts, pageSize);
  useParamsSync(route, params, (next) => {
    const view = fromBrowserParams(next);
    setC(view.c);
    setSorts(view.sorts);
    setPageSize(view.pageSize);
    setRunFromUrl(Object.keys(next).length > 0);
  });
  const [result, setResult] = useState<{ deliveries: WebhookDelivery[]; totalCount: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [detail, setDetail] = useState<WebhookDelivery | null>(null);
  const set = (patch: Partial<Controls>) => setC((prev) => ({ ...prev, ...patch }));
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
  // Params from a link or a saved filter: run the query once the controls show them.
  useEffect(() => {
    if (!runFromUrl) return;
    setRunFromUrl(false);
    void run(1);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per request from the URL, with the filters as they are then; `run` is a new function each render
  }, [runFromUrl]);
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
            Sort <Select value={sorts} options={SORTS} onChange={setSorts} testId="filter-sorts" />
          </label>
          <label className="row">
            Page size <input type="number" value={pageSize} onChange={(e) => setPageSize(Number(e.target.value))} style={{ width: 70 }} data-testid="filter-page-size" />
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
