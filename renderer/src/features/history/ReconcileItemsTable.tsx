import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { RECONCILE_CATEGORIES, type ReconcileItemView } from '../../../../shared/contract/history';
import { DataTable, setUrlColumnFilters, setUrlSorting, tableViewFromParams, type DataColumnMeta } from '../../components/data-table';
import { useHistory } from './history-store';
import { hrefFor, type RouteParams } from '../../app-state/routes';
import { Time } from '../../components/ui';
import { formatTime } from '../../lib/format';

/** A link inside a clickable row: following it must not also open the row's diff. */
function CellLink({ href, children, testId }: { href: string; children: React.ReactNode; testId: string }) {
  return (
    <a href={href} onClick={(e) => e.stopPropagation()} data-testid={testId}>
      {children}
    </a>
  );
}

const rowId = (i: ReconcileItemView) => `${i.category}-${i.historyId ?? 'n'}-${i.receivedId ?? 'n'}`;

/**
 * Reconciliation items in the shared virtualized table (sortable, filterable by `meta`; ids
 * sort numerically, missing ones last). Clicking an item
 * that has both sides opens the diff of the received body against the history payload. The sort
 * and column filters are the route's `params` (`sort`, `f.<column>`), their one home.
 */
export function ReconcileItemsTable({
  items,
  labels,
  params,
}: {
  items: ReconcileItemView[];
  labels: Record<ReconcileItemView['category'], string>;
  params: RouteParams;
}) {
  const { showDiff } = useHistory();
  const view = useMemo(() => tableViewFromParams(params), [params]);
  const columns = useMemo<Array<ColumnDef<ReconcileItemView, unknown>>>(
    () => [
      {
        id: 'category',
        header: 'Category',
        accessorFn: (i) => i.category,
        cell: (c) => labels[c.row.original.category],
        meta: { filter: { options: RECONCILE_CATEGORIES }, fitText: (c: ReconcileItemView['category']) => labels[c], grow: true } satisfies DataColumnMeta,
      },
      {
        id: 'cause',
        header: 'Why not here',
        accessorFn: (i) => i.cause ?? '',
        cell: (c) => (c.row.original.cause ? <span data-testid="reconcile-cause">{c.row.original.cause}</span> : null),
        meta: { filter: 'text', width: '150px' } satisfies DataColumnMeta,
      },
      { id: 'historyId', header: 'History delivery', accessorFn: (i) => i.historyId, meta: { filter: 'text' } },
      {
        id: 'eventId',
        header: 'Event',
        accessorFn: (i) => i.eventId,
        meta: { filter: 'text' },
        cell: (c) => {
          const eventId = c.row.original.eventId;
          return eventId === null ? null : (
            <CellLink href={hrefFor('live', '', { 'f.eventId': String(eventId) })} testId="reconcile-event-link">
              {eventId}
            </CellLink>
          );
        },
      },
      {
        id: 'receivedId',
        header: 'Received',
        accessorFn: (i) => i.receivedId,
        meta: { filter: 'text' },
        cell: (c) => {
          const receivedId = c.row.original.receivedId;
          return receivedId === null ? null : (
            <CellLink href={hrefFor('live', String(receivedId))} testId="reconcile-received-link">
              {receivedId}
            </CellLink>
          );
        },
      },
      { id: 'matchedBy', header: 'Matched by', accessorFn: (i) => i.matchedBy ?? '' },
      { id: 'at', header: 'At', accessorFn: (i) => i.at, meta: { fitText: (iso: string | null) => formatTime(iso) }, cell: (c) => <Time iso={c.row.original.at} /> },
    ],
    [labels],
  );
  return (
    <div className="reconcile-items">
      <DataTable
        data={items}
        columns={columns}
        getRowId={rowId}
        sorting={view.sorting}
        onSortingChange={setUrlSorting}
        columnFilters={view.columnFilters}
        onColumnFiltersChange={setUrlColumnFilters}
        onActivate={(i) => {
          if (i.historyId !== null && i.receivedId !== null) {
            showDiff({ left: { kind: 'received', id: i.receivedId }, right: { kind: 'history', id: i.historyId } });
          }
        }}
        testId="reconcile-items"
        empty="No deliveries in this category."
      />
    </div>
  );
}
