import { useEffect, useMemo, useState } from 'react';
import { DataTable } from '../../components/data-table';
import { DeliveryDetailPane } from './DeliveryDetailPane';
import { liveColumns, searchDeliveries } from './live-columns';
import {
  activate,
  exportNdjson,
  followLive,
  setColumnFilters,
  setQuery,
  setSorting,
  useLiveStore,
} from './live-store';
import { transport } from '../../transport';
import './live.css';

/** Saves a Blob as a file through a temporary link (works in Electron and the browser). */
function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The Live area: every received delivery, streaming, with its verdicts and detail. */
export function LivePage() {
  useEffect(followLive, []);
  const rows = useLiveStore((s) => s.rows);
  const total = useLiveStore((s) => s.total);
  const loadingAll = useLiveStore((s) => s.loadingAll);
  const error = useLiveStore((s) => s.error);
  const query = useLiveStore((s) => s.query);
  const sorting = useLiveStore((s) => s.sorting);
  const columnFilters = useLiveStore((s) => s.columnFilters);
  const activeId = useLiveStore((s) => s.activeId);
  const detail = useLiveStore((s) => s.detail);
  const detailError = useLiveStore((s) => s.detailError);
  const checked = useLiveStore((s) => s.checked);
  const liveUpdates = useLiveStore((s) => s.liveUpdates);
  const [busy, setBusy] = useState<string | null>(null);

  const visible = useMemo(() => searchDeliveries(rows, query), [rows, query]);
  // Search texts are built while idle, so the first search over 100k rows is not the slow one.
  useEffect(() => {
    const preparing = searchDeliveries.prepare(rows);
    return () => preparing.cancel();
  }, [rows]);
  const columns = useMemo(() => liveColumns(checked), [checked]);

  const runExport = async (ids: number[] | null) => {
    setBusy('Exporting…');
    try {
      download(await exportNdjson(ids), `hooklab-deliveries-${new Date().toISOString().replace(/[:.]/g, '-')}.ndjson`);
    } finally {
      setBusy(null);
    }
  };

  return (
    // data-live-updates: how many store updates live events caused (the burst benchmark reads it).
    <section className="page live-page" data-testid="page-live" data-live-updates={liveUpdates}>
      <div className="row live-toolbar">
        <h1 className="page__title">Live</h1>
        <input
          className="live-search"
          type="search"
          placeholder="Search type, order, event id, path…"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="live-search"
          aria-label="Search deliveries"
        />
        <span className="muted" data-testid="live-count">
          {visible.length === rows.length ? `${total} deliveries` : `${visible.length} of ${total}`}
          {loadingAll ? ' (loading older…)' : ''}
        </span>
        <button type="button" className="button" disabled={checked.size === 0 || busy !== null} onClick={() => void runExport([...checked])} data-testid="export-selected">
          Export selected ({checked.size})
        </button>
        <button type="button" className="button" disabled={busy !== null || total === 0} onClick={() => void runExport(null)} data-testid="export-all">
          Export all
        </button>
        <button
          type="button"
          className="button"
          disabled={total === 0}
          onClick={() => {
            if (window.confirm('Delete every received delivery from this machine?')) void transport.call('live.clear', {});
          }}
          data-testid="live-clear"
        >
          Clear
        </button>
        {busy && <span className="muted">{busy}</span>}
      </div>
      {error && <p className="notice notice--error">{error}</p>}
      <div className="live-table">
        <DataTable
          data={visible}
          columns={columns}
          getRowId={(d) => String(d.id)}
          sorting={sorting}
          onSortingChange={setSorting}
          columnFilters={columnFilters}
          onColumnFiltersChange={setColumnFilters}
          activeId={activeId !== null ? String(activeId) : null}
          onActivate={(d) => void activate(d.id)}
          testId="live-table"
          empty="No deliveries yet. Point the service's webhook URL at the listener (see the status bar), or send one from the Sandbox."
        />
      </div>
      <div className="live-detail-host">
        {detailError && <p className="notice notice--error">{detailError}</p>}
        {detail && detail.summary.id === activeId ? (
          <DeliveryDetailPane detail={detail} />
        ) : (
          <p className="muted">Select a delivery to see its headers, exact body and verdicts.</p>
        )}
      </div>
    </section>
  );
}
