import { useState, type RefObject } from 'react';
import type { DeliverySummary } from '../../../../shared/contract/live';
import type { RouteParams } from '../../app-state/routes';
import { changeTableView } from '../../components/data-table';
import { SavedFilters } from '../../components/saved-filters/SavedFilters';
import type { useSplitLayout } from '../../components/split-pane';
import { useTransport } from '../../transport';
import { download } from '../../lib/download';
import { formatCount } from '../../lib/format';
import type { BodyHits } from './live-body-search';
import type { useExportAllJob } from './ExportAllJob';
import { ExportMenus } from './ExportMenus';
import { ImportButton } from './ImportButton';
import { useLive } from './live-store';

// The URL is the one home of the search.
const setQuery = (query: string) => changeTableView((view) => ({ ...view, query }));

export interface LiveToolbarProps {
  readonly search: RefObject<HTMLInputElement | null>;
  readonly query: string;
  /** The rows the table shows when filtered (search, column filters or time range), else null. */
  readonly shown: readonly DeliverySummary[] | null;
  readonly total: number;
  readonly loadingAll: boolean;
  readonly bodyHits: BodyHits | null;
  readonly viewParams: RouteParams;
  readonly onApplySaved: (params: RouteParams) => void;
  readonly checked: ReadonlySet<number>;
  readonly exportAll: ReturnType<typeof useExportAllJob>;
  readonly onToggleReplay: () => void;
  readonly split: ReturnType<typeof useSplitLayout>;
}

/**
 * Live's toolbar: the search (bodies too), the count, saved filters, export, import, clear and
 * where the detail goes. It exports the checked deliveries itself, saying how far it got.
 */
export function LiveToolbar({ search, query, shown, total, loadingAll, bodyHits, viewParams, onApplySaved, checked, exportAll, onToggleReplay, split }: LiveToolbarProps) {
  const transport = useTransport();
  const live = useLive();
  const [busy, setBusy] = useState<string | null>(null);
  const runExport = async (ids: number[]) => {
    setBusy('Exporting…');
    try {
      const blob = await live.exportNdjson(ids, (done, total) => setBusy(`Exporting ${formatCount(done)} of ${formatCount(total)}…`));
      download(blob, `hooklab-deliveries-${new Date().toISOString().replace(/[:.]/g, '-')}.ndjson`);
    } finally {
      setBusy(null);
    }
  };
  const bodyMatches = bodyHits && bodyHits.query === query ? bodyHits : null;
  return (
    <div className="row live-toolbar">
      <h1 className="page__title">Live</h1>
      <input
        ref={search}
        className="live-search"
        type="search"
        placeholder="Search, bodies too ( / )"
        title="Searches event type, order, ids, path, headers and bodies"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        data-testid="live-search"
        aria-label="Search deliveries"
      />
      <span className="muted" data-testid="live-count" title={bodyMatches?.more ? 'Only the newest body matches are listed' : undefined}>
        {shown ? `${formatCount(shown.length)} of ${formatCount(total)}` : `${formatCount(total)} deliveries`}
        {bodyMatches?.more ? ' (newest body matches)' : ''}
        {loadingAll ? ' (loading older…)' : ''}
      </span>
      {bodyMatches && bodyMatches.indexing > 0 && (
        <span className="muted" data-testid="live-search-indexing" title="A burst is being indexed: bodies of these deliveries are not searched yet">
          indexing {bodyMatches.indexing.toLocaleString('en-US')}…
        </span>
      )}
      <SavedFilters area="live" current={viewParams} onApply={onApplySaved} />
      <ExportMenus
        checked={[...checked]}
        shown={shown}
        total={total}
        busy={busy !== null}
        onNdjsonSelected={() => void runExport([...checked])}
        onNdjsonAll={() => void exportAll.start(shown ? shown.map((d) => d.id) : null)}
        ndjsonAllRunning={exportAll.running}
        onReplaySelected={onToggleReplay}
      />
      <ImportButton />
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
      <button
        type="button"
        className="button"
        onClick={() => split.update({ orientation: split.layout.orientation === 'above' ? 'beside' : 'above' })}
        title={split.layout.orientation === 'above' ? 'Show the detail beside the table' : 'Show the detail below the table'}
        data-testid="live-split-orientation"
      >
        {split.layout.orientation === 'above' ? 'Beside' : 'Below'}
      </button>
      {busy && <span className="muted">{busy}</span>}
    </div>
  );
}
