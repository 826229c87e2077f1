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
  const printForwarded = async (summary: DeliverySummary) => {
    const { forwards } = await session.call('live.get', { id: summary.id });
    const line = deliveryLine(summary, forwards, out.paint);
    out.event(line.text, line.data);
  };
  const report = (promise: Promise<void>) => promise.catch((error: unknown) => out.progress(`hooklab: ${(error as Error).message}`));
  const offReceived = session.onEvent('live.received', ({ deliveries }) => {
    // The lines of a batch go out in one write: under a burst, a write per delivery cost the
    // main thread more than the rest of its per-delivery work (test/bench/serve-ingest.ts).
    const now: Array<ReturnType<typeof deliveryLine>> = [];
    for (const d of deliveries) {
      if (d.id <= newestSeen) continue;
      newestSeen = d.id;
      if (d.truncation === null && targetsFor(d.eventType).length > 0) waiting.set(d.id, d);
      else now.push(deliveryLine(d, [], out.paint));
    }
    out.events(now);
  });
  const offForwarded = session.onEvent('live.forwarded', ({ id }) => {
    const summary = waiting.get(id);
    if (!summary) return;
    waiting.delete(id);
    void report(printForwarded(summary));
  });
  return () => {
    offReceived();
    offForwarded();
  };
}
