import type { SieveOperator } from '../../../../shared/history/sieve';
import { hrefFor, navigate } from '../../app-state/routes';
import { SavedFilters } from '../../components/saved-filters/SavedFilters';
import { Notice } from '../../components/ui';
import type { BrowserQuery, Controls } from './browser-query';

const COMPARE_OPS: SieveOperator[] = ['==', '!=', '>', '>=', '<', '<='];
const TEXT_OPS: SieveOperator[] = ['==', '!=', '@=', '_='];
const SORTS = [
  '-id',
  'id',
  '-created',
  'created',
  'responseStatusCode',
  '-responseStatusCode',
  'eventType',
  '-eventType',
];

function Select({
  value,
  options,
  onChange,
  testId,
}: {
  value: string;
  options: string[];
  onChange: (v: string) => void;
  testId: string;
}) {
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

/** The first row of controls: one per field the service filters on. */
function FieldControls({ c, set }: { c: Controls; set: (patch: Partial<Controls>) => void }) {
  return (
    <div className="row">
      <label className="field">
        <span>id</span>
        <span className="row">
          <Select
            value={c.idOp}
            options={COMPARE_OPS}
            onChange={(v) => set({ idOp: v as SieveOperator })}
            testId="filter-id-op"
          />
          <input
            value={c.id}
            onChange={(e) => set({ id: e.target.value })}
            size={8}
            data-testid="filter-id"
          />
        </span>
      </label>
      <label className="field">
        <span>eventType</span>
        <span className="row">
          <Select
            value={c.typeOp}
            options={TEXT_OPS}
            onChange={(v) => set({ typeOp: v as SieveOperator })}
            testId="filter-type-op"
          />
          <input
            value={c.eventType}
            onChange={(e) => set({ eventType: e.target.value })}
            size={14}
            data-testid="filter-event-type"
          />
        </span>
      </label>
      <label className="field">
        <span>responseStatusCode</span>
        <span className="row">
          <Select
            value={c.statusOp}
            options={COMPARE_OPS}
            onChange={(v) => set({ statusOp: v as SieveOperator })}
            testId="filter-status-op"
          />
          <input
            value={c.status}
            onChange={(e) => set({ status: e.target.value })}
            size={5}
            data-testid="filter-status"
          />
        </span>
      </label>
      <label className="field">
        <span>delivered</span>
        <select
          value={c.delivered}
          onChange={(e) => set({ delivered: e.target.value as Controls['delivered'] })}
          data-testid="filter-delivered"
        >
          <option value="">any</option>
          <option value="true">true</option>
          <option value="false">false</option>
        </select>
      </label>
      <label className="field">
        <span>created from</span>
        <input
          value={c.createdFrom}
          placeholder="2026-01-01T00:00:00Z"
          onChange={(e) => set({ createdFrom: e.target.value })}
          data-testid="filter-created-from"
        />
      </label>
      <label className="field">
        <span>created to</span>
        <input
          value={c.createdTo}
          onChange={(e) => set({ createdTo: e.target.value })}
          data-testid="filter-created-to"
        />
      </label>
    </div>
  );
}

interface BrowserFilterFormProps {
  readonly query: BrowserQuery;
  /** The query as the service's filter string, and as the URL's params (for saved filters). */
  readonly filters: string;
  readonly params: Record<string, string>;
  /** Why this filter may be slow on the service, if it may. */
  readonly warning: string | null;
  readonly busy: boolean;
  readonly change: (update: (q: BrowserQuery) => BrowserQuery) => void;
  readonly onSearch: () => void;
}

/** The browser's controls: one per field the service filters on, a raw filter, sort and page size. */
export function BrowserFilterForm({
  query,
  filters,
  params,
  warning,
  busy,
  change,
  onSearch,
}: BrowserFilterFormProps) {
  const { c, sorts, pageSize } = query;
  const set = (patch: Partial<Controls>) => change((q) => ({ ...q, c: { ...q.c, ...patch } }));
  return (
    <form
      className="card history-filters"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch();
      }}
    >
      <FieldControls c={c} set={set} />
      <label className="field">
        <span>
          Raw filter (Sieve grammar, ANDed with the controls; e.g.
          eventType@=Auth,responseStatusCode&gt;=500)
        </span>
        <input
          value={c.raw}
          onChange={(e) => set({ raw: e.target.value })}
          className="mono"
          data-testid="filter-raw"
        />
      </label>
      <div className="row">
        <label className="row">
          Sort{' '}
          <Select
            value={sorts}
            options={SORTS}
            onChange={(v) => change((q) => ({ ...q, sorts: v }))}
            testId="filter-sorts"
          />
        </label>
        <label className="row">
          Page size{' '}
          <input
            type="number"
            value={pageSize}
            onChange={(e) => change((q) => ({ ...q, pageSize: Number(e.target.value) }))}
            style={{ width: 70 }}
            data-testid="filter-page-size"
          />
        </label>
        <button
          type="submit"
          className="button button--primary"
          disabled={busy}
          data-testid="history-search"
        >
          Search the service
        </button>
        <code className="muted" data-testid="filter-preview">
          filters={filters || '(none)'}
        </code>
        <SavedFilters
          area="history-browser"
          current={params}
          onApply={(saved) => navigate(hrefFor('history', 'browser', saved))}
        />
      </div>
      {warning && (
        <Notice tone="warn" testId="filter-warning">
          {warning}
        </Notice>
      )}
    </form>
  );
}
