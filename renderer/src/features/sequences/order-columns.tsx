import { createColumnHelper } from '@tanstack/react-table';
import type { OrderSummary } from '../../../../shared/contract/sequences';
import { orderStateText } from '../../../../shared/sequences/claimed-state';

const column = createColumnHelper<OrderSummary>();

/** "YYYY-MM-DD HH:MM:SS" local time. */
export function localTime(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** "HH:MM:SS.mmm" local time: the timeline's events are seconds apart; the date is in the tooltip. */
export function clockTime(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

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
  column.accessor('lastActivityAt', { header: 'Last activity', meta: { width: '170px' }, cell: (c) => localTime(c.getValue()) }),
  column.accessor('orderId', { header: 'Order', meta: { width: 'minmax(110px, 1.2fr)' }, cell: (c) => <span className="mono">{c.getValue()}</span> }),
  // Room for the longest order type (FASTLINK_CHARGE, MARKETPLACE).
  column.accessor('orderType', { header: 'Type', meta: { width: 'minmax(136px, 1fr)' } }),
  column.accessor('status', {
    header: 'Status',
    // An order known only from unverified deliveries has no state of its own, only a claimed
    // one: never its status's (green) badge.
    meta: { width: '136px' },
    cell: (c) =>
      c.row.original.unverifiedOnly ? (
        <span className="badge seq-status--claimed" title="Every event of this order is unverified: the state is only claimed" data-testid="order-unverified">
          {orderStateText(c.row.original)}
        </span>
      ) : (
        <span className={`badge ${STATUS_CLASS[c.getValue()]}`}>{c.getValue()}</span>
      ),
  }),
  column.accessor('shipping', { header: 'Shipping', meta: { width: '96px' }, cell: (c) => c.getValue() ?? '' }),
  column.accessor('threeDs', { header: '3DS', meta: { width: '70px' }, cell: (c) => c.getValue() ?? '' }),
  column.accessor('events', { header: 'Events', meta: { width: '60px' } }),
  column.accessor((o) => o.flagKinds.join(' '), {
    id: 'flags',
    header: 'Flags',
    meta: { width: 'minmax(120px, 1.4fr)' },
    cell: (c) =>
      c.row.original.flagKinds.map((k) => (
        <span key={k} className={`badge seq-flag seq-flag--${k}`}>
          {k}
        </span>
      )),
  }),
];
