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

interface OperatorFieldProps {
  readonly label: string;
  readonly c: Controls;
  readonly set: (patch: Partial<Controls>) => void;
  /** The control holding the field's operator, and the one holding its value. */
  readonly op: 'idOp' | 'typeOp' | 'statusOp';
  readonly value: 'id' | 'eventType' | 'status';
  readonly ops: SieveOperator[];
  readonly size: number;
  readonly testId: string;
  readonly opTestId: string;
}

/** A field the service filters on: its operator and its value. */
function OperatorField({
  label,
  c,
  set,
  op,
  value,
  ops,
  size,
  testId,
  opTestId,
}: OperatorFieldProps) {
  return (
    <label className="field">
      <span>{label}</span>
      <span className="row">
        <Select
          value={c[op]}
          options={ops}
          onChange={(v) => set({ [op]: v as SieveOperator })}
          testId={opTestId}
        />
        <input
          value={c[value]}
          onChange={(e) => set({ [value]: e.target.value })}
          size={size}
          data-testid={testId}
        />
      </span>
    </label>
  );
}

/** The first row of controls: one per field the service filters on. */
function FieldControls({ c, set }: { c: Controls; set: (patch: Partial<Controls>) => void }) {
  return (
    <div className="row">
      <OperatorField
        label="id"
        c={c}
        set={set}
        op="idOp"
        value="id"
        ops={COMPARE_OPS}
        size={8}
        testId="filter-id"
        opTestId="filter-id-op"
      />
      <OperatorField
        label="eventType"
        c={c}
        set={set}
        op="typeOp"
        value="eventType"
        ops={TEXT_OPS}
        size={14}
        testId="filter-event-type"
        opTestId="filter-type-op"
      />
      <OperatorField
        label="responseStatusCode"
        c={c}
        set={set}
        op="statusOp"
        value="status"
        ops={COMPARE_OPS}
        size={5}
        testId="filter-status"
        opTestId="filter-status-op"
      />
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
