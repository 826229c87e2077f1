import { WAIT_ARRIVED_LIMIT, type DeliverySummary, type WaitForDeliveryResult } from '../../../shared/contract/live';
import type { ParsedArgs } from '../../../shared/contract';
import type { DeliveryStore } from '../../services/data/delivery-store';
import type { Clock } from '../../services/platform/clock';
import type { EventBus } from '../../services/kernel/event-bus';

const PAGE = 500;

type WaitArgs = ParsedArgs<'live.waitForDelivery'>;

export interface DeliveryWaitDeps {
  readonly bus: EventBus;
  readonly store: Pick<DeliveryStore, 'list'>;
  readonly clock: Clock;
}

const matcher = (args: WaitArgs) => (d: DeliverySummary) =>
  (args.type === undefined || d.eventType === args.type) && (args.orderId === undefined || d.orderId === args.orderId) && (args.eventId === undefined || d.eventId === args.eventId);

/** The deliveries stored at or after `sinceMs`, oldest first (newest pages read until one is older). */
function storedSince(store: DeliveryWaitDeps['store'], sinceMs: number): DeliverySummary[] {
  const found: DeliverySummary[] = [];
  let beforeId: number | undefined;
  for (;;) {
    const page = store.list(beforeId, PAGE);
    for (const d of page) {
      if (Date.parse(d.receivedAt) < sinceMs) return found.reverse();
      found.push(d);
    }
    if (page.length < PAGE) return found.reverse();
    beforeId = page.at(-1)!.id;
  }
}

/**
 * Waits on the bus's `live.received` (one event per committed batch, emitted before the batch's
 * senders are answered) for the first delivery matching the filters: the answer leaves as soon as
 * the batch is on disk, with no polling. Deliveries already stored since `since` are looked at
 * first. Listens before it reads, so a batch committed in between is not missed; a delivery seen
 * twice (in both) counts once. `stop` ends every wait under way (the core is stopping).
 */
export class DeliveryWaits {
  private readonly ending = new Set<() => void>();

  constructor(private readonly deps: DeliveryWaitDeps) {}

  wait(args: WaitArgs): Promise<WaitForDeliveryResult> {
    const { bus, clock } = this.deps;
    const started = clock.now();
    const sinceMs = args.since === undefined ? started : Date.parse(args.since);
    const matches = matcher(args);
    const seen = new Set<number>();
    const arrived: DeliverySummary[] = [];
    let arrivedCount = 0;
    return new Promise<WaitForDeliveryResult>((resolve) => {
      let done = false;
      const finish = (match: DeliverySummary | null) => {
        if (done) return;
        done = true;
        unsubscribe();
        clearTimeout(timer);
        this.ending.delete(end);
        resolve({ match, since: new Date(sinceMs).toISOString(), waitedMs: Math.max(0, clock.now() - started), arrived, arrivedCount });
      };
      const consider = (d: DeliverySummary): boolean => {
        if (seen.has(d.id) || Date.parse(d.receivedAt) < sinceMs) return false;
        seen.add(d.id);
        if (matches(d)) return finish(d), true;
        arrivedCount++;
        if (arrived.length < WAIT_ARRIVED_LIMIT) arrived.push(d);
        return false;
      };
      const unsubscribe = bus.on('live.received', ({ deliveries }) => {
        for (const d of deliveries) if (consider(d)) return;
      });
      const timer = setTimeout(() => finish(null), args.timeoutMs);
      const end = () => finish(null);
      this.ending.add(end);
      // The listener's clock and this one may differ by a few ms: the backlog is read only when
      // the caller named a time, so a wait from "now" never answers with what came before it.
      if (args.since !== undefined) for (const d of storedSince(this.deps.store, sinceMs)) if (consider(d)) return;
    });
  }

  stop(): void {
    for (const end of [...this.ending]) end();
  }
}
