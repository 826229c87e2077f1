import { useState } from 'react';
import { MenuButton } from '../../components/MenuButton';
import { ShareDialog } from '../../components/share/ShareDialog';
import { useShareExport } from '../../components/share/use-share-export';
import { formatCount } from '../../lib/format';
import './export-menus.css';

/**
 * Live's **Selected (n)** and **Export all** (or **Export shown**) menus: what acts on the ticked
 * rows (Replay, export as Hooklab's NDJSON lines or HAR 1.2, **Share…** a bundle: docs/share.md)
 * and what exports the whole table. One menu per object keeps the toolbar on one line at 1280 px.
 * HAR and bundles are written by a job in the main process, then downloaded.
 */
export function ExportMenus({
  checked,
  shown,
  total,
  busy,
  onNdjsonSelected,
  onNdjsonAll,
  ndjsonAllRunning,
  onReplaySelected,
}: {
  /** The ticked deliveries. */
  checked: readonly number[];
  /** The rows the filters show, or null when nothing filters the table (then: every stored delivery). */
  shown: ReadonlyArray<{ readonly id: number }> | null;
  total: number;
  busy: boolean;
  onNdjsonSelected: () => void;
  onNdjsonAll: () => void;
  ndjsonAllRunning: boolean;
  onReplaySelected: () => void;
}) {
  const har = useShareExport('live-har-job');
  const [sharing, setSharing] = useState(false);
  const allCount = shown ? shown.length : total;
  // Read when chosen, not on every render of a 100,000-row table.
  const allSelection = () => (shown ? { ids: shown.map((d) => d.id) } : {});
  return (
    <div className="export-menus">
      <MenuButton
        label={`Selected (${checked.length})`}
        title="Act on the ticked deliveries"
        disabled={checked.length === 0}
        testId="live-selected-menu"
        items={[
          { label: `Replay selected (${checked.length})…`, onSelect: onReplaySelected, testId: 'replay-selected-open' },
          ...(busy
            ? []
            : [
                { label: 'Export as NDJSON (Hooklab lines)', onSelect: onNdjsonSelected, testId: 'export-selected-ndjson' },
                { label: 'Export as HAR 1.2', title: 'For any HAR viewer, with Hooklab’s verdicts in each entry', onSelect: () => void har.start({ ids: [...checked] }, { format: 'har', redact: false }), testId: 'export-selected-har' },
                { label: 'Share… (bundle to hand over)', onSelect: () => setSharing(true), testId: 'export-selected-share' },
              ]),
        ]}
      />
      <MenuButton
        label={shown ? `Export shown (${formatCount(allCount)})` : 'Export all'}
        title={shown ? 'Export the deliveries the filters show' : 'Export every stored delivery'}
        disabled={ndjsonAllRunning || har.running || allCount === 0}
        testId="export-all"
        align="end"
        items={[
          { label: 'NDJSON (Hooklab lines)', onSelect: onNdjsonAll, testId: 'export-all-ndjson' },
          { label: 'HAR 1.2', title: 'For any HAR viewer, with Hooklab’s verdicts in each entry', onSelect: () => void har.start(allSelection(), { format: 'har', redact: false }), testId: 'export-all-har' },
        ]}
      />
      {/* Under the menus, over the page: the toolbar's layout stays as it is. */}
      {har.view && <div className="export-menus__job">{har.view}</div>}
      {sharing && (
        <ShareDialog
          selection={{ ids: [...checked] }}
          what={`${formatCount(checked.length)} ${checked.length === 1 ? 'delivery' : 'deliveries'}`}
          onClose={() => setSharing(false)}
          testIdPrefix="live"
        />
      )}
    </div>
  );
}
