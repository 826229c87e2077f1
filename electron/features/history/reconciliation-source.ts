import { createHash } from 'node:crypto';
import type { Database } from '../../services/data/database';
import { answeredStatuses, receivedReconciliationRefs } from '../../services/data/reconciliation-reads';
import type { HistoryStore } from '../../services/data/history-store';
import type { HistoryRef, LeftOutRef, ReceivedRef } from './reconciliation';

/**
 * Reads both sides of a reconciliation through their tables' stores: the environment's history
 * copy and the listener's received deliveries (with whether any forward to the local handler
 * failed). `sinceMs` limits both sides to recent traffic. `otherEnvironmentKeyIds` are the
 * webhook keys of other environments: a delivery one of them verified was sent by another
 * store, so it is left out (deliveries verified by no key, or by a key of no known environment,
 * stay in), and returned apart as `leftOut` so reconciliation can say so instead of calling
 * them lost.
 */
export function loadReconciliationInput(
  db: Database,
  copy: HistoryStore,
  environmentId: string,
  sinceMs: number | null,
  otherEnvironmentKeyIds: readonly string[] = [],
): {
  history: HistoryRef[];
  received: ReceivedRef[];
  leftOut: LeftOutRef[];
  payloadHashes: (ids: number[]) => Map<number, string>;
  listenerStatuses: Set<number>;
} {
  const since = sinceMs ?? 0;
  const history = copy.reconciliationRefs(environmentId, new Date(since).toISOString());
  const { received, leftOut } = receivedReconciliationRefs(db, since, otherEnvironmentKeyIds);
  const payloadHashes = (ids: number[]) => {
    const out = new Map<number, string>();
    for (const id of ids) {
      const payload = copy.payload(environmentId, id);
      if (payload !== null) out.set(id, createHash('sha256').update(payload, 'utf8').digest('hex'));
    }
    return out;
  };
  return { history, received, leftOut, payloadHashes, listenerStatuses: answeredStatuses(db, since) };
}
