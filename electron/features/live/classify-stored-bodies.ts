import type { DeliveryStore } from '../../services/data/delivery-store';
import { inspectBody } from './listener/inspect';

/** Start-up data move 2 (core/data-moves.ts): rows stored before the listener classified bodies (migration 007) get their kind. */
export function classifyStoredBodies(store: DeliveryStore): void {
  for (;;) {
    const rows = store.untypedWithoutKind(500);
    if (rows.length === 0) return;
    store.setBodyKinds(rows.map((r) => ({ id: r.id, bodyKind: inspectBody(r.body).bodyKind ?? 'json-without-type' })));
  }
}
