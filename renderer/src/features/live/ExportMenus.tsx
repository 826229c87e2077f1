import { useState } from 'react';
import { MenuButton } from '../../components/MenuButton';
import { ShareDialog } from '../../components/share/ShareDialog';
import { useShareExport } from '../../components/share/use-share-export';
import { formatCount } from '../../lib/format';
import './export-menus.css';

/**
 * Live's **Export selected** and **Export all** (or **Export shown**) menus: Hooklab's NDJSON
 * lines (the page's own exports), HAR 1.2 and, for a selection, **Share…** a bundle
 * (docs/share.md). HAR and bundles are written by a job in the main process, then downloaded.
 */
export function ExportMenus({
  checked,
  shown,
  total,
  busy,
  onNdjsonSelected,
  onNdjsonAll,
  ndjsonAllRunning,
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
}) {
  const har = useShareExport('live-har-job');
  const [sharing, setSharing] = useState(false);
  const allCount = shown ? shown.length : total;
  // Read when chosen, not on every render of a 100,000-row table.
  const allSelection = () => (shown ? { ids: shown.map((d) => d.id) } : {});
  return (
    <div className="export-menus">
      <MenuButton
        label={`Export selected (${checked.length})`}
        disabled={checked.length === 0 || busy}
        testId="export-selected"
        items={[
          { label: 'NDJSON (Hooklab lines)', onSelect: onNdjsonSelected, testId: 'export-selected-ndjson' },
          { label: 'HAR 1.2', title: 'For any HAR viewer, with Hooklab’s verdicts in each entry', onSelect: () => void har.start({ ids: [...checked] }, { format: 'har', redact: false }), testId: 'export-selected-har' },
          { label: 'Share… (bundle to hand over)', onSelect: () => setSharing(true), testId: 'export-selected-share' },
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
