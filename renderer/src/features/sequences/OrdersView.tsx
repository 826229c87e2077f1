import { useEffect, useMemo } from 'react';
import type { ColumnFiltersState } from '@tanstack/react-table';
import type { OrderSummary } from '../../../../shared/contract/sequences';
import { hrefFor, navigate, parseHash, type Route } from '../../app-state/routes';
import { useRouteParams } from '../../app-state/url-state';
import { DataTable, setUrlSorting, tableViewFromParams } from '../../components/data-table';
import { useEvent, useTransport } from '../../transport';
import { BadInputList } from './BadInputList';
import { orderColumns } from './order-columns';
import { OrderFilters } from './OrderFilters';
import { OrderPanel } from './OrderPanel';
import { orderFiltersFromParams } from './order-query';
import { MAX_LISTED, useSequences, useSequencesStore } from './sequences-store';

const NO_FILTERS: ColumnFiltersState = [];

/** Opens an order (`#/sequences/<orderId>`), keeping the list's filters and sort. */
const openOrder = (orderId: string) =>
  navigate(hrefFor('sequences', encodeURIComponent(orderId), parseHash(window.location.hash).params));

/**
 * The orders list (virtualized, filtered by the core) beside the selected order. The filters
 * and the sort are the route's params (`#/sequences/<orderId>?status=PAID&flags=flagged&q=…&sort=…`),
 * their one home.
 */
export function OrdersView({ route, selectedId }: { route: Route; selectedId: string | null }) {
  const sequences = useSequences();
  const { loadOrder, loadOrders, showOrders } = sequences;
  const transport = useTransport();
  const { orders, total, unassigned, unassignedTotal, listError, loaded, detail, detailError } = useSequencesStore();
  const params = useRouteParams(route);
  // The same object while the filters are the same: a change of sort reads nothing again.
  const { orderType, status, flags, text } = orderFiltersFromParams(params);
  const filters = useMemo(() => ({ orderType, status, flags, text }), [orderType, status, flags, text]);
  const sorting = useMemo(() => tableViewFromParams(params).sorting, [params]);

  useEffect(() => {
    void showOrders(filters);
  }, [showOrders, filters]);
  useEffect(() => {
    return transport.onReconnect(() => {
      void loadOrders();
      void loadOrder(sequences.getState().selectedId);
    });
  }, [transport, sequences, loadOrders, loadOrder]);
  useEffect(() => {
    void loadOrder(selectedId);
  }, [loadOrder, selectedId]);
  // The core coalesces changes; one list read per event, and the open order only when it changed.
  useEvent('sequences.changed', (payload) => {
    void loadOrders();
    const open = sequences.getState().selectedId;
    if (open !== null && (payload.more || payload.orderIds.includes(open))) void loadOrder(open);
  });

  return (
    <div className={`seq-layout${selectedId === null ? ' seq-layout--no-order' : ''}`} data-testid="sequences-orders">
      <div className="seq-list">
        <OrderFilters filters={filters} />
        {listError && <p className="notice notice--error">{listError}</p>}
        {total > MAX_LISTED && (
          <p className="notice notice--warn">
            Showing the {MAX_LISTED} most recent of {total} matching orders: narrow the filters to see the rest.
          </p>
        )}
        <DataTable<OrderSummary>
          data={orders}
          columns={orderColumns}
          getRowId={(o) => o.orderId}
          sorting={sorting}
          onSortingChange={setUrlSorting}
          columnFilters={NO_FILTERS}
          onColumnFiltersChange={() => {}}
          activeId={selectedId}
          onActivate={(o) => openOrder(o.orderId)}
          rowClassName={(o) => (o.flags > 0 ? 'seq-order-row--flagged' : undefined)}
          testId="sequences-table"
          empty={
            loaded ? (
              <p className="muted">No order yet: run a scenario in the Sandbox area, or send events to the listener.</p>
            ) : (
              <p className="muted" role="status" data-testid="sequences-loading">
                Loading orders…
              </p>
            )
          }
        />
        {unassignedTotal > 0 && (
          <details className="seq-unassigned" data-testid="sequences-unassigned">
            <summary>{unassignedTotal} deliveries belong to no order</summary>
            <BadInputList items={unassigned} testId="unassigned-list" />
          </details>
        )}
      </div>
      <div className="seq-detail">
        {detailError && (
          <p className="notice notice--error" data-testid="sequence-error">
            {detailError}
          </p>
        )}
        {detail && <OrderPanel detail={detail} />}
        {!detail && !detailError && <p className="muted">{selectedId ? 'Loading…' : 'Select an order to see its timeline and state diagram.'}</p>}
      </div>
    </div>
  );
}
