import type { DeliverySummary } from '../../../../../shared/contract/live';
import type { TestApp } from '../../../../support/app-harness';

/** Everything Hooklab's listener received while a test ran, as `live.received` announced it. */
export interface Received {
  readonly all: DeliverySummary[];
  /** Resolves once the received deliveries satisfy `done` (the test's timeout bounds the wait). */
  until(done: (all: DeliverySummary[]) => boolean): Promise<DeliverySummary[]>;
  stop(): void;
}

export function collectReceived(app: TestApp): Received {
  const all: DeliverySummary[] = [];
  const waiters: Array<{ done: (all: DeliverySummary[]) => boolean; resolve: (v: DeliverySummary[]) => void }> = [];
  const check = () => {
    for (const w of waiters.splice(0)) {
      if (w.done(all)) w.resolve(all);
      else waiters.push(w);
    }
  };
  const stop = app.core.ctx.runtime.bus.subscribe((event, payload) => {
    if (event !== 'live.received') return;
    all.push(...(payload as { deliveries: DeliverySummary[] }).deliveries);
    check();
  });
  return {
    all,
    until(done) {
      return new Promise((resolve) => {
        waiters.push({ done, resolve });
        check();
      });
    },
    stop,
  };
}

/** Event types received for one order, in arrival order. */
export const typesFor = (all: DeliverySummary[], orderId: string) =>
  all.filter((d) => d.orderId === orderId).map((d) => d.eventType);

export const customer = { id: 'cust-1', name: 'Ana Pérez', email: 'ana@example.com', phoneNumber: '+50370000000' };
export const card = (number: string) => ({ number, expirationMonth: '12', expirationYear: '2099', cvv: '123', cardHolder: 'ANA PEREZ' });
