import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { DeliverySummary } from '../../../../shared/contract/live';
import { DataTable, processRows, setUrlColumnFilters, setUrlSorting, tableViewFromParams } from '../../components/data-table';
import { SplitPane, useSplitLayout } from '../../components/split-pane';
import { hrefFor, navigate, parseHash, type Route } from '../../app-state/routes';
import { replaceParams, useRouteParams } from '../../app-state/url-state';
import { DeliveryDetailPane } from './DeliveryDetailPane';
import { ReplaySelected } from './ReplaySelected';
import { useExportAllJob } from './ExportAllJob';
import { LiveToolbar } from './LiveToolbar';
import { liveColumns, searchDeliveries } from './live-columns';
import { matchDeliveries } from './delivery-matches';
import { useLiveKeys } from './use-live-keys';
import { liveSlice, useLive, useLiveStore } from './live-store';
import { useFollow } from '../../app-state/store-root';
import { TunnelNotice } from '../../components/TunnelNotice';
import { SentElsewhereBanner } from '../../components/SentElsewhereBanner';
import { ActivityStrip, parseRangeParam, rangeParam, type TimeRange } from '../../components/activity-strip';
import { useActivity } from './use-activity';
import './live.css';

/** The rows received within the strip's selected range (all when none). */
function inRange(rows: DeliverySummary[], range: TimeRange | null): DeliverySummary[] {
  if (!range) return rows;
  return rows.filter((r) => {
    const at = Date.parse(r.receivedAt);
    return at >= range.fromMs && at < range.toMs;
  });
}

/** The delivery id in `#/live/<id>`, or null. */
const selectedId = (rest: string): number | null => (/^\d+$/.test(rest) ? Number(rest) : null);

// The URL is the one home of the search, column filters, sort and time range.
const setRange = (range: TimeRange | null) => replaceParams((params) => ({ ...params, t: range ? rangeParam(range) : '' }));

/**
 * The Live area: every received delivery, streaming, with its verdicts and detail. The
 * search, column filters, sort and the open delivery live in the URL (`#/live/<id>?q=…`), so
 * links, back/forward and saved filters restore them.
 */
export function LivePage({ route }: { route: Route }) {
  const live = useLive();
  const rows = useLiveStore((s) => s.rows);
  // Before following Live: the strip's one aggregate call is sent ahead of the 100,000 summaries'
  // pages, which the core would otherwise answer first.
  const activity = useActivity(rows[0]?.receivedAt ?? null);
  useFollow(liveSlice);
  const total = useLiveStore((s) => s.total);
  const loadingAll = useLiveStore((s) => s.loadingAll);
  const error = useLiveStore((s) => s.error);
  const activeId = useLiveStore((s) => s.activeId);
  const detail = useLiveStore((s) => s.detail);
  const detailError = useLiveStore((s) => s.detailError);
  const checked = useLiveStore((s) => s.checked);
  const [replaying, setReplaying] = useState(false);
  const liveUpdates = useLiveStore((s) => s.liveUpdates);
  const bodyHits = useLiveStore((s) => s.bodyHits);
  const search = useRef<HTMLInputElement>(null);
  const split = useSplitLayout('live', { orientation: 'above', fraction: 0.42 });

  // The search, filters, sort and the time range dragged on the activity strip (`t`), as the URL
  // holds them; the canonical string keeps them the same objects while the URL's view is.
  const viewParams = useRouteParams(route);
  const { query, columnFilters, sorting } = useMemo(() => tableViewFromParams(viewParams), [viewParams]);
  const range = useMemo(() => parseRangeParam(viewParams['t']), [viewParams]);
  useEffect(() => live.searchBodies(query), [live, query]);
  const routeId = selectedId(route.rest);
  useEffect(() => {
    if (routeId === null) live.closeDetail();
    else if (routeId !== live.getState().activeId) void live.activate(routeId);
  }, [live, routeId]);
  // The current params are read at call time: a link keeps the search and filters as they are.
  const open = useCallback(
    (id: number | null) => navigate(hrefFor('live', id === null ? '' : String(id), parseHash(window.location.hash).params)),
    [],
  );
  useLiveKeys({ focusSearch: () => search.current?.focus(), closeDetail: () => open(null) });

  const visible = useMemo(() => inRange(matchDeliveries(rows, query, bodyHits), range), [rows, query, bodyHits, range]);
  // Search texts are built while idle, so the first search over 100k rows is not the slow one.
  useEffect(() => {
    const preparing = searchDeliveries.prepare(rows);
    return () => preparing.cancel();
  }, [rows]);
  const columns = useMemo(() => liveColumns(checked, live.toggleChecked), [checked, live]);
  // Column filters and sort applied here, so the count ("8 of 97") is the table's, in the same render.
  const processed = useMemo(
    () => processRows(visible, columns as ReadonlyArray<ColumnDef<DeliverySummary, unknown>>, columnFilters, sorting),
    [visible, columns, columnFilters, sorting],
  );
  const filtered = query.trim() !== '' || columnFilters.length > 0 || range !== null;
  const exportAll = useExportAllJob();

  return (
    // data-live-updates: how many store updates live events caused (the burst benchmark reads it).
    <section className="page live-page" data-testid="page-live" data-live-updates={liveUpdates}>
      <LiveToolbar
        search={search}
        query={query}
        shown={filtered ? processed : null}
        total={total}
        loadingAll={loadingAll}
        bodyHits={bodyHits}
        viewParams={viewParams}
        onApplySaved={(params) => navigate(hrefFor('live', route.rest, params))}
        checked={checked}
        exportAll={exportAll}
        onToggleReplay={() => setReplaying((r) => !r)}
        split={split}
      />
      {error && <p className="notice notice--error">{error}</p>}
      <TunnelNotice />
      <SentElsewhereBanner />
      {exportAll.view}
      {replaying && checked.size > 0 && <ReplaySelected ids={[...checked]} onClose={() => setReplaying(false)} />}
      <ActivityStrip activity={activity} selected={range} onSelect={setRange} testId="live-activity" />
      <SplitPane
        layout={split.layout}
        fitSecond
        onResize={(fraction) => split.update({ fraction })}
        testId="live-split"
        first={
          <div className="live-table">
            <DataTable
              data={visible}
              processed={processed}
              columns={columns}
              getRowId={(d) => String(d.id)}
              sorting={sorting}
              onSortingChange={setUrlSorting}
              columnFilters={columnFilters}
              onColumnFiltersChange={setUrlColumnFilters}
              activeId={activeId !== null ? String(activeId) : null}
              onActivate={(d) => open(d.id)}
              columnWidthsKey="live"
              testId="live-table"
              empty="No deliveries yet. Point the service's webhook URL at the listener (see the status bar), or send one from the Sandbox."
            />
          </div>
        }
        second={
          <div className="live-detail-host">
            {detailError && <p className="notice notice--error">{detailError}</p>}
            {detail && detail.summary.id === activeId ? (
              <DeliveryDetailPane detail={detail} search={query} />
            ) : (
              <p className="muted">Select a delivery to see its headers, exact body and verdicts (arrows move, Enter opens, Escape closes).</p>
            )}
          </div>
        }
      />
    </section>
  );
}
