import type { DeliverySummary } from '../../../../shared/contract/live';
import type { Output } from '../framework/output';
import type { CoreSession } from '../framework/session';
import { deliveryLine } from './delivery-line';

/**
 * Prints one line per delivery the listener stores. A delivery that is forwarded is printed
 * when its handlers have answered (the line carries their status and time); the others at once.
 */
export function printDeliveries(session: CoreSession, out: Output, targetsFor: (eventType: string | null) => readonly string[]): () => void {
  const waiting = new Map<number, DeliverySummary>();
  // Ids already printed or waiting: an event seen twice (two subscribers upstream) prints once.
  let newestSeen = 0;
  const print = async (summary: DeliverySummary, withForwards: boolean) => {
    const forwards = withForwards ? (await session.call('live.get', { id: summary.id })).forwards : [];
    const line = deliveryLine(summary, forwards, out.paint);
    out.event(line.text, line.data);
  };
  const report = (promise: Promise<void>) => promise.catch((error: unknown) => out.progress(`hooklab: ${(error as Error).message}`));
  const offReceived = session.onEvent('live.received', ({ deliveries }) => {
    for (const d of deliveries) {
      if (d.id <= newestSeen) continue;
      newestSeen = d.id;
      if (d.truncation === null && targetsFor(d.eventType).length > 0) waiting.set(d.id, d);
      else void report(print(d, false));
    }
  });
  const offForwarded = session.onEvent('live.forwarded', ({ id }) => {
    const summary = waiting.get(id);
    if (!summary) return;
    waiting.delete(id);
    void report(print(summary, true));
  });
  return () => {
    offReceived();
    offForwarded();
  };
}
