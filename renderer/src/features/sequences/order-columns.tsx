import { createColumnHelper } from '@tanstack/react-table';
import type { OrderSummary } from '../../../../shared/contract/sequences';
import { orderStateText } from '../../../../shared/sequences/claimed-state';
import { Time } from '../../components/ui';
import { formatTime } from '../../lib/format';

const column = createColumnHelper<OrderSummary>();


/** Badge class of a derived order status. */
export const STATUS_CLASS: Record<OrderSummary['status'], string> = {
  PENDING: 'seq-status--pending',
  PAID: 'seq-status--paid',
  CANCELLED: 'seq-status--cancelled',
  FINALIZED: 'seq-status--finalized',
  deleted: 'seq-status--deleted',
};

/** Columns of the orders list (no column filters: the filter bar asks the core). */
export const orderColumns = [
  column.accessor('lastActivityAt', { header: 'Last activity', meta: { fitText: (iso: string | null) => formatTime(iso) }, cell: (c) => <Time iso={c.getValue()} /> }),
  column.accessor('orderId', { header: 'Order', meta: { fitMono: true, fitExtra: 2 }, cell: (c) => <span className="mono">{c.getValue()}</span> }),
  column.accessor('orderType', { header: 'Type', meta: { hideOrder: 1 } }),
  // The value is what the cell shows (the state, or the claimed one when every event is
  // unverified), so the column is sized for the badge it holds.
  column.accessor((o) => (o.unverifiedOnly ? orderStateText(o) : o.status), {
    id: 'status',
    header: 'Status',
    // An order known only from unverified deliveries has no state of its own, only a claimed
    // one ("unverified: PAID claimed"): never its status's (green) badge.
    meta: { fitExtra: 22 },
    cell: (c) =>
      c.row.original.unverifiedOnly ? (
        <span className="badge seq-status--claimed" title="Every event of this order is unverified: the state is only claimed" data-testid="order-unverified">
          {c.getValue()}
        </span>
      ) : (
        <span className={`badge ${STATUS_CLASS[c.row.original.status]}`}>{c.row.original.status}</span>
      ),
  }),
  column.accessor('shipping', { header: 'Shipping', meta: { hideOrder: 3 }, cell: (c) => c.getValue() ?? '' }),
  column.accessor('threeDs', { header: '3-D Secure', meta: { hideOrder: 4 }, cell: (c) => c.getValue() ?? '' }),
  column.accessor('events', { header: 'Events', meta: { hideOrder: 5 } }),
  column.accessor((o) => o.flagKinds.join(' '), {
    id: 'flags',
    header: 'Flags',
    meta: { grow: true, fitExtra: 16, minWidth: 40, hideOrder: 2 },
    cell: (c) =>
      c.row.original.flagKinds.map((k) => (
        <span key={k} className={`badge seq-flag seq-flag--${k}`}>
          {k}
        </span>
      )),
  }),
];

