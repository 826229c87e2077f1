import type { WebhookDelivery } from '../../../../shared/service';
import { plural } from '../../../../shared/text/plural';
import { DataTable } from '../../components/data-table';
import { BROWSE_COLUMNS } from './browse-columns';

const ROW_PX = 28;
/** The header row and the table's borders. */
const RESULTS_CHROME_PX = 44;
const NO_SORTING: never[] = [];
const NO_FILTERS: never[] = [];
const ignore = () => undefined;

interface BrowserResultsProps {
  readonly result: { deliveries: WebhookDelivery[]; totalCount: number };
  readonly page: number;
  readonly pages: number;
  readonly busy: boolean;
  readonly onPage: (page: number) => void;
  readonly detail: WebhookDelivery | null;
  readonly onDetail: (d: WebhookDelivery) => void;
}

/** One page of the service's answer: the pager and the deliveries' table. */
export function BrowserResults({
  result,
  page,
  pages,
  busy,
  onPage,
  detail,
  onDetail,
}: BrowserResultsProps) {
  return (
    <>
      <div className="row" style={{ margin: '8px 0' }}>
        <button
          type="button"
          className="button"
          disabled={page <= 1 || busy}
          onClick={() => onPage(page - 1)}
          data-testid="page-prev"
        >
          Previous
        </button>
        <span data-testid="history-total">
          Page {page} of {pages} ·{' '}
          {plural(result.totalCount, 'delivery matches', 'deliveries match')}
        </span>
        <button
          type="button"
          className="button"
          disabled={page >= pages || busy}
          onClick={() => onPage(page + 1)}
          data-testid="page-next"
        >
          Next
        </button>
      </div>
      {/* As tall as its rows, up to most of the window: a page holds at most 100. */}
      <div
        className="history-results"
        style={{
          height: `min(60vh, ${RESULTS_CHROME_PX + ROW_PX * Math.max(1, result.deliveries.length)}px)`,
        }}
      >
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
          onActivate={onDetail}
          rowHeight={ROW_PX}
          testId="history-results"
          columnWidthsKey="history-browse"
          empty="No delivery matches."
        />
      </div>
    </>
  );
}
