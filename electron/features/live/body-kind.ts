import type { DeliverySummary } from '../../../shared/contract/live';
import type { DeliveryStore } from '../../services/data/delivery-store';
import { bodyKind } from './listener/body-kind';

/**
 * Listed summaries with `bodyKind` set where the event type is missing (the listener sets it on
 * new deliveries while it still holds the body). Only those rows' bodies are
 * read (webhook events carry a type; the rest are rare), so listing stays a summary query.
 */
export function withBodyKinds(store: DeliveryStore, rows: DeliverySummary[]): DeliverySummary[] {
  return rows.map((r) => {
    if (r.eventType !== null) return r;
    if (r.bodySize === 0) return { ...r, bodyKind: 'empty' };
    const raw = store.raw(r.id);
    return raw ? { ...r, bodyKind: bodyKind(raw.body) } : r;
  });
}
