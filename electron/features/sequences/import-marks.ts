import type { DeliveryRef, OrderDetail } from '../../../shared/contract/sequences';
import type { ImportMark } from '../../services/data/import-store';

/**
 * An order's detail with every received delivery that came from an imported file marked with
 * that file (`DeliveryRef.imported`), as Live marks it in its Flags column. The index keeps
 * only where a delivery is stored; the mark is read when an order is opened, so the index's
 * copy is never changed.
 */
export function withImportMarks(detail: OrderDetail, marksOf: (ids: readonly number[]) => ReadonlyMap<number, ImportMark>): OrderDetail {
  const liveIds = detail.events.flatMap((e) => e.deliveries.filter((d) => d.source === 'live').map((d) => d.id));
  const marks = liveIds.length > 0 ? marksOf(liveIds) : new Map<number, ImportMark>();
  if (marks.size === 0) return detail;
  const mark = (d: DeliveryRef): DeliveryRef => {
    const imported = d.source === 'live' ? marks.get(d.id) : undefined;
    return imported ? { ...d, imported } : d;
  };
  return { ...detail, events: detail.events.map((e) => ({ ...e, deliveries: e.deliveries.map(mark) })) };
}
