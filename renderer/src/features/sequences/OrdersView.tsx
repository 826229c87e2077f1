import { useEffect, useState } from 'react';
import type { SortingState, ColumnFiltersState } from '@tanstack/react-table';
import type { OrderSummary } from '../../../../shared/contract/sequences';
import { hrefFor } from '../../app-state/routes';
import { DataTable } from '../../components/data-table';
import { useEvent, useTransport } from '../../transport';
import { BadInputList } from './BadInputList';
import { orderColumns } from './order-columns';
import { OrderFilters } from './OrderFilters';
import { OrderPanel } from './OrderPanel';
import { loadOrder, loadOrders, MAX_LISTED, useSequencesStore } from './sequences-store';

const NO_FILTERS: ColumnFiltersState = [];

/** The orders list (virtualized, filtered by the core) beside the selected order. */
export function OrdersView({ selectedId }: { selectedId: string | null }) {
  const transport = useTransport();
  const { orders, total, unassigned, unassignedTotal, listError, loaded, detail, detailError } = useSequencesStore();
  const [sorting, setSorting] = useState<SortingState>([]);

  useEffect(() => {
    void loadOrders();
    return transport.onReconnect(() => {
      void loadOrders();
      void loadOrder(useSequencesStore.getState().selectedId);
    });
  }, [transport]);
  useEffect(() => {
    void loadOrder(selectedId);
  }, [selectedId]);
  // The core coalesces changes; one list read per event, and the open order only when it changed.
  useEvent('sequences.changed', (payload) => {
    void loadOrders();
    const open = useSequencesStore.getState().selectedId;
    if (open !== null && (payload.more || payload.orderIds.includes(open))) void loadOrder(open);
  });

  return (
    <div className="seq-layout" data-testid="sequences-orders">
      <div className="seq-list">
        <OrderFilters />
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
          onSortingChange={setSorting}
          columnFilters={NO_FILTERS}
          onColumnFiltersChange={() => {}}
          activeId={selectedId}
          onActivate={(o) => {
            window.location.hash = hrefFor('sequences', encodeURIComponent(o.orderId));
          }}
          rowClassName={(o) => (o.flags > 0 ? 'seq-order-row--flagged' : undefined)}
          testId="sequences-table"
          empty={loaded ? <p className="muted">No order yet: run a scenario in the Sandbox area, or send events to the listener.</p> : null}
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
