import { createColumnHelper } from '@tanstack/react-table';
import type { WebhookDelivery } from '../../../../shared/service';

const column = createColumnHelper<WebhookDelivery>();
const mono = (value: unknown) => <span className="mono">{String(value)}</span>;

/**
 * The columns of "Browse the service": one page of the service's list, in the order the service
 * sorted it (its sorts are the query's, so the table's own sorting is off).
 */
export const BROWSE_COLUMNS = [
  column.accessor('id', { header: 'Id', enableSorting: false, meta: { width: '90px' }, cell: (c) => mono(c.getValue()) }),
  column.accessor('eventId', { header: 'Event', enableSorting: false, meta: { width: '90px' }, cell: (c) => mono(c.getValue()) }),
  // Room for the longest event type (ThreeDSecureAuthSucceeded) before the flexible columns grow.
  column.accessor('eventType', { header: 'Type', enableSorting: false, meta: { width: 'minmax(186px, 1.5fr)' } }),
  column.accessor('created', { header: 'Created', enableSorting: false, meta: { width: 'minmax(200px, 1fr)' }, cell: (c) => mono(c.getValue()) }),
  column.accessor((d) => (d.responseStatusCode === 0 ? 'in flight' : String(d.responseStatusCode)), {
    id: 'status',
    header: 'Status',
    enableSorting: false,
    meta: { width: '90px' },
    cell: (c) => mono(c.getValue()),
  }),
  column.accessor((d) => (d.delivered ? 'yes' : 'no'), { id: 'delivered', header: 'Delivered', enableSorting: false, meta: { width: '90px' } }),
];
