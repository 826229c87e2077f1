import type { ShippingStatus, ThreeDsStatus } from '../../shared/service';
import { createPaymentMethod } from './cards';
import { createCharge } from './charges';
import { settleAuthentication } from './challenge-page';
import type { SandboxContext } from './context';
import type { DispatchOutcome } from './dispatcher';
import { cancelOrder, deleteOrder, finalizeOrder, moveShipping, payOrder, reverseOrder } from './orders';
import { createPaymentLink } from './payment-links';
import { randomId } from './state';
import type { OrderRecord, StoreRecord } from './types';

/** What a scenario did: the order it worked on and every delivery, in emission order. */
export interface ScenarioResult {
  scenario: string;
  orderId: string;
  orderCode: string;
  outcomes: DispatchOutcome[];
}

type Step = (ctx: SandboxContext, store: StoreRecord) => Promise<{ order: OrderRecord; outcomes: DispatchOutcome[] }>;

interface Scenario {
  description: string;
  /** The webhook events it makes the store send (each delivered once per configured URL). */
  events: number;
  run: Step;
}

/** A payment link with a shipped product and a coupon product, its Created deliveries done. */
async function link(ctx: SandboxContext, store: StoreRecord) {
  const { order, delivered } = createPaymentLink(ctx, store, {
    orderReference: randomId('scenario-', 6),
    orderName: 'Pedido de prueba',
    lineItems: [
      { sku: 'CAFE-250', quantity: 2 },
      { sku: 'CUPON-2X1', quantity: 1 },
    ],
  });
  return { order, outcomes: await delivered };
}

async function paid(ctx: SandboxContext, store: StoreRecord) {
  const first = await link(ctx, store);
  const pay = await payOrder(ctx, store, first.order, {});
  return { order: pay.order, outcomes: [...first.outcomes, ...pay.outcomes] };
}

/** A card charge with the 3DS test card whose challenge ends in `status`. */
function threeDs(status: ThreeDsStatus): Step {
  return async (ctx, store) => {
    const pm = createPaymentMethod(ctx.state, store, {
      customer: { id: 'cus-3ds', name: 'Ana López', email: 'ana@example.com', phoneNumber: '+50370000001' },
      card: { number: '4000000000003220', expirationMonth: '12', expirationYear: '2099', cvv: '123', cardHolder: 'ANA LOPEZ' },
    });
    const request = {
      order: { id: randomId('scenario-3ds-', 6), amount: 25, description: 'Compra con 3DS', name: 'Pedido 3DS' },
      cardId: pm.id,
      authenticationId: null as string | null,
    };
    const first = createCharge(ctx, store, request);
    const authId = first.response.authentication?.id;
    const auth = authId ? ctx.state.authentications.get(authId) : undefined;
    if (!auth) throw new Error('3DS card did not require authentication');
    const outcomes = [...(await first.delivered), ...(await settleAuthentication(ctx, auth, status))];
    if (status === 'SUCCESS') {
      const second = createCharge(ctx, store, { ...request, authenticationId: auth.id });
      outcomes.push(...(await second.delivered));
    }
    return { order: ctx.state.orders.get(auth.orderId)!, outcomes };
  };
}

/** Every scenario of POST /_sandbox/scenarios/{name}. */
export const SCENARIOS: Record<string, Scenario> = {
  'payment-link-paid': {
    description: 'Payment link created, then paid: Created, SuccessPayment (with a coupon item).',
    events: 2,
    run: paid,
  },
  '3ds-success': {
    description: 'Card charge needing 3DS, challenge passed, charge confirmed: ThreeDSecureAuthSucceeded, SuccessPayment.',
    events: 2,
    run: threeDs('SUCCESS'),
  },
  '3ds-failed': {
    description: 'Card charge needing 3DS, the issuer fails the authentication: ThreeDSecureAuthFailed.',
    events: 1,
    run: threeDs('FAILED'),
  },
  '3ds-error': {
    description: 'Card charge needing 3DS, processor error during the challenge: ThreeDSecureAuthError.',
    events: 1,
    run: threeDs('ERROR'),
  },
  '3ds-expired': {
    description: 'Card charge needing 3DS, the buyer lets the challenge expire: ThreeDSecureAuthExpired.',
    events: 1,
    run: threeDs('EXPIRED'),
  },
  'shipping-delivered': {
    description: 'Paid payment link shipped PENDING to DELIVERED: Created, SuccessPayment, five Updated.',
    events: 7,
    run: async (ctx, store) => {
      const r = await paid(ctx, store);
      const path: ShippingStatus[] = ['ACCEPTED', 'READY', 'DISPATCHED', 'ON_ITS_WAY', 'DELIVERED'];
      for (const status of path)
        r.outcomes.push(...(await moveShipping(ctx, store, r.order, { status, preparationEtaMinutes: 25 })).outcomes);
      return r;
    },
  },
  'order-cancelled': {
    description: 'Payment link created, then cancelled: Created, Cancelled.',
    events: 2,
    run: async (ctx, store) => {
      const r = await link(ctx, store);
      r.outcomes.push(...(await cancelOrder(ctx, store, r.order, 'El cliente desistió de la compra')).outcomes);
      return r;
    },
  },
  'order-finalized': {
    description: 'Payment link paid, then finalized: Created, SuccessPayment, Finalized.',
    events: 3,
    run: async (ctx, store) => {
      const r = await paid(ctx, store);
      r.outcomes.push(...(await finalizeOrder(ctx, store, r.order)).outcomes);
      return r;
    },
  },
  'order-deleted': {
    description: 'Payment link created, then deleted: Created, Deleted.',
    events: 2,
    run: async (ctx, store) => {
      const r = await link(ctx, store);
      r.outcomes.push(...(await deleteOrder(ctx, store, r.order)).outcomes);
      return r;
    },
  },
  reversal: {
    description: 'Payment link paid, then the payment reversed: Created, SuccessPayment, SuccessReverse.',
    events: 3,
    run: async (ctx, store) => {
      const r = await paid(ctx, store);
      r.outcomes.push(...(await reverseOrder(ctx, store, r.order, {})).outcomes);
      return r;
    },
  },
  'reversal-error': {
    description: 'Payment link paid, the reversal fails: Created, SuccessPayment, ReverseError.',
    events: 3,
    run: async (ctx, store) => {
      const r = await paid(ctx, store);
      r.outcomes.push(...(await reverseOrder(ctx, store, r.order, { fail: true })).outcomes);
      return r;
    },
  },
  'payment-error': {
    description: 'Card charge with the declined test card: PaymentError.',
    events: 1,
    run: async (ctx, store) => {
      const pm = createPaymentMethod(ctx.state, store, {
        customer: { id: 'cus-decline', name: 'Luis Pérez', email: 'luis@example.com', phoneNumber: '+50370000002' },
        card: { number: '4000000000000002', expirationMonth: '12', expirationYear: '2099', cvv: '123', cardHolder: 'LUIS PEREZ' },
      });
      const reference = randomId('scenario-decline-', 6);
      const c = createCharge(ctx, store, {
        order: { id: reference, amount: 10, description: 'Compra rechazada', name: 'Pedido' },
        cardId: pm.id,
        authenticationId: null,
      });
      const outcomes = await c.delivered;
      const order = [...ctx.state.orders.values()].find(
        (o) => o.storeId === store.storeId && o.orderReference === reference,
      )!;
      return { order, outcomes };
    },
  },
};

/** Runs a scenario to the end (every delivery finished). */
export async function runScenario(
  ctx: SandboxContext,
  store: StoreRecord,
  name: string,
  runId?: string,
): Promise<ScenarioResult> {
  const s = SCENARIOS[name];
  if (!s) throw new Error(`unknown scenario ${name}`);
  if (runId !== undefined) return ctx.dispatcher.runAs(runId, () => runScenario(ctx, store, name));
  // With a reorder window, the events go out without waiting for each other's deliveries, so
  // the window reorders them (sent one after another, each waited for, nothing could move).
  const { order, outcomes } =
    store.chaos.reorderWindowMs > 0 ? await ctx.dispatcher.withDeferredDeliveries(() => s.run(ctx, store)) : await s.run(ctx, store);
  return { scenario: name, orderId: String(order.orderId), orderCode: order.orderCode, outcomes };
}
