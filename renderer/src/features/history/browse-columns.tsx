import { createColumnHelper } from '@tanstack/react-table';
import type { WebhookDelivery } from '../../../../shared/service';
import { Time } from '../../components/ui';
import { formatTime } from '../../lib/format';

const column = createColumnHelper<WebhookDelivery>();
const mono = (value: unknown) => <span className="mono">{String(value)}</span>;

/**
 * The columns of "Browse the service": one page of the service's list, in the order the service
 * sorted it (its sorts are the query's, so the table's own sorting is off).
 */
export const BROWSE_COLUMNS = [
  column.accessor('id', { header: 'Id', enableSorting: false, meta: { fitMono: true }, cell: (c) => mono(c.getValue()) }),
  column.accessor('eventId', { header: 'Event', enableSorting: false, meta: { fitMono: true }, cell: (c) => mono(c.getValue()) }),
  column.accessor('eventType', { header: 'Type', enableSorting: false, meta: { grow: true } }),
  column.accessor('created', { header: 'Created', enableSorting: false, meta: { fitText: (iso: string) => formatTime(iso) }, cell: (c) => <Time iso={c.getValue()} /> }),
  column.accessor((d) => (d.responseStatusCode === 0 ? 'in flight' : String(d.responseStatusCode)), {
    id: 'status',
    header: 'Status',
    enableSorting: false,
    meta: { fitMono: true },
    cell: (c) => mono(c.getValue()),
  }),
  column.accessor((d) => (d.delivered ? 'yes' : 'no'), { id: 'delivered', header: 'Delivered', enableSorting: false, meta: {} }),
];
