import { useEffect, useMemo } from 'react';
import { DataTable, setUrlColumnFilters, setUrlSorting, tableViewFromParams } from '../../components/data-table';
import type { Route } from '../../app-state/routes';
import { useRouteParams } from '../../app-state/url-state';
import { BodyDiff } from '../../components/diff/BodyDiff';
import { ExportPanel } from './ExportPanel';
import { TraceDiff } from '../../components/trace/TraceDiff';
import { ReplayResult } from './ReplayResult';
import { replayColumns } from './replay-history-columns';
import { useReplayTargets } from './replay-data';
import { useReplayHistory, useReplayHistoryStore } from './replay-history-store';

/**
 * Every replay sent: filter by target and status, click one for the request and answer, send
 * one again, pick two to diff their answers (byte-exact verdict first). The sort and column
 * filters are the route's params (`#/replay/history?sort=-id&f.status=4xx`), their one home.
 */
export function ReplayHistoryView({ route }: { route: Route }) {
  const history = useReplayHistory();
  const { clearReplayHistory, diffSelected, loadReplayHistory, replayAgain, showReplay, toggleSelected } = history;
  const s = useReplayHistoryStore();
  const params = useRouteParams(route);
  const { sorting, columnFilters } = useMemo(() => tableViewFromParams(params), [params]);
  useEffect(() => {
    if (!history.getState().loaded) void loadReplayHistory();
  }, [history, loadReplayHistory]);
  const targetsKey = useMemo(() => [...new Set(s.rows.map((r) => r.targetUrl))].sort().join('\n'), [s.rows]);
  const known = useReplayTargets().value;
  // The label the user gave each target, shown before its URL.
  const labels = useMemo(() => new Map((known ?? []).filter((t) => t.label !== '').map((t) => [t.url, t.label])), [known]);
  const columns = useMemo(
    () =>
      replayColumns({
        targets: targetsKey ? targetsKey.split('\n') : [],
        labels,
        selected: s.selected,
        onToggle: toggleSelected,
        onAgain: (id) => void replayAgain(id),
      }),
    [targetsKey, s.selected, labels, toggleSelected, replayAgain],
  );
  const [left, right] = [...s.selected].sort((a, b) => a - b);
  const traceOf = (id: number | undefined) => s.rows.find((r) => r.id === id)?.traceId ?? null;
  const [leftTrace, rightTrace] = [traceOf(left), traceOf(right)];
  return (
    <div className="replay-history" data-testid="replay-history" data-loaded={s.loaded}>
      <div className="row replay-history__bar">
        <span data-testid="replay-history-count">{s.total} replays</span>
        {s.loadingAll && <span className="muted">loading all…</span>}
        <button type="button" className="button button--small" disabled={s.selected.length !== 2} onClick={() => void diffSelected()} data-testid="replay-diff-run">
          {s.selected.length === 2 ? `Diff #${left} and #${right}` : `Pick two to diff (${s.selected.length}/2)`}
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={s.total === 0}
          onClick={() => {
            if (window.confirm('Delete every stored replay?')) void clearReplayHistory();
          }}
          data-testid="replay-history-clear"
        >
          Clear history
        </button>
      </div>
      {s.error && (
        <p className="notice notice--error" data-testid="replay-history-error">
          {s.error}
        </p>
      )}
      {s.againError && (
        <p className="notice notice--error" data-testid="replay-again-error">
          {s.againError}
        </p>
      )}
      <div className="replay-history__table">
        <DataTable
          data={s.rows}
          columns={columns}
          getRowId={(r) => String(r.id)}
          sorting={sorting}
          onSortingChange={setUrlSorting}
          columnFilters={columnFilters}
          onColumnFiltersChange={setUrlColumnFilters}
          activeId={s.activeId === null ? null : String(s.activeId)}
          onActivate={(r) => void showReplay(r.id)}
          testId="replay-history-table"
          empty={s.loaded ? (s.total === 0 ? 'No replays yet: send one from the editor.' : 'No replay matches the filters.') : 'Loading…'}
        />
      </div>
      {s.diffError && <p className="notice notice--error">{s.diffError}</p>}
      {s.diff && (
        <section className="card" data-testid="replay-diff">
          <h2 className="card__title">
            Answers of #{left} ({s.diff.leftStatus ?? 'error'}) and #{right} ({s.diff.rightStatus ?? 'error'})
          </h2>
          <BodyDiff result={s.diff} viewTestId="replay-diff-view" />
          {leftTrace && rightTrace && (
            <>
              <h3>What the handler did differently</h3>
              <TraceDiff left={leftTrace} right={rightTrace} leftLabel={`#${left}`} rightLabel={`#${right}`} />
            </>
          )}
        </section>
      )}
      {s.detailError && <p className="notice notice--error">{s.detailError}</p>}
      {s.detail && (
        <section className="card" data-testid="replay-detail">
          <ReplayResult detail={s.detail} />
          <ExportPanel source={() => (s.detail ? { kind: 'replay', id: s.detail.summary.id } : null)} testId="replay-detail-export" />
        </section>
      )}
    </div>
  );
}
