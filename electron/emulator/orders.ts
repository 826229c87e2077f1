import type { ShippingStatus } from '../../shared/service';
import { emit, type SandboxContext } from './context';
import { controlError } from './control-errors';
import { testCard, validateCard } from './cards';
import type { DispatchOutcome } from './dispatcher';
import {
  cancelledEvent,
  deletedEvent,
  finalizedEvent,
  paymentErrorEvent,
  reverseErrorEvent,
  successPaymentEvent,
  successReverseEvent,
  updatedEvent,
} from './events';
import { isRecord } from '../../shared/validation/is-record';
import { randomId } from './state';
import type { OrderRecord, PaymentRecord, StoreRecord } from './types';

/**
 * Order lifecycle moves of the control API. Each returns the order and the outcomes of the
 * events it emitted, once their deliveries (retries included) have finished.
 */
export interface MoveResult {
  order: OrderRecord;
  outcomes: DispatchOutcome[];
  error?: { code: string; message: string };
}

/** Shipping moves (see docs/service.md#shipping-status); SCHEDULED and REJECTED are the sandbox's decision (docs/emulator.md#decisions-where-the-spec-says-not-shown). */
export const SHIPPING_MOVES: Record<ShippingStatus, ShippingStatus[]> = {
  PENDING: ['ACCEPTED', 'SCHEDULED', 'REJECTED'],
  SCHEDULED: ['ACCEPTED', 'REJECTED'],
  ACCEPTED: ['READY', 'REJECTED'],
  READY: ['DISPATCHED'],
  DISPATCHED: ['ON_ITS_WAY'],
  ON_ITS_WAY: ['DELIVERED'],
  DELIVERED: [],
  REJECTED: [],
};

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/** A new successful payment record. */
export function newPayment(
  ctx: SandboxContext,
  amount: number,
  buyer: PaymentRecord['buyer'],
): PaymentRecord {
  const paymentId = randomId('pay_', 9);
  return {
    paymentId,
    chargeId: randomId('ch_', 9),
    authorizationCode: digits(6),
    sequentialNumber: digits(8),
    voucherUrl: `${ctx.baseUrl}/vouchers/${paymentId}`,
    buyer,
    paidAt: ctx.state.nowIso(),
    amount,
    reversal: 'NONE',
  };
}

function parseBuyer(v: unknown): PaymentRecord['buyer'] {
  const b = isRecord(v) ? v : {};
  const s = (k: string, d: string) => (typeof b[k] === 'string' ? (b[k] as string) : d);
  if (v !== undefined && !isRecord(v)) throw controlError(400, 'buyer must be an object');
  return {
    name: s('name', 'Comprador Sandbox'),
    phone: s('phone', '+50370000000'),
    email: s('email', 'comprador@example.com'),
    externalId: s('externalId', 'buyer-sandbox-1'),
  };
}

/** Buyer pays a payment link: `{buyer?, card?: number}`; declining test cards give PaymentError. */
export async function payOrder(
  ctx: SandboxContext,
  store: StoreRecord,
  order: OrderRecord,
  body: Record<string, unknown>,
): Promise<MoveResult> {
  if (order.source !== 'payment-link') throw controlError(400, 'only payment link orders are paid this way');
  if (order.status !== 'PENDING') throw controlError(400, `order is ${order.status}, only PENDING orders can be paid`);
  if (order.expiresAtMs !== null && ctx.state.clock.now() >= order.expiresAtMs)
    throw controlError(400, 'the payment link has expired');
  const buyer = parseBuyer(body.buyer);
  const number = body.card === undefined ? '4242424242424242' : body.card;
  if (typeof number !== 'string') throw controlError(400, 'card must be a card number string');
  const errors: Record<string, string[]> = {};
  validateCard({ number, expirationMonth: '12', expirationYear: '2099', cvv: '123' }, ctx.state.clock.now(), errors);
  if (errors['card.number']) throw controlError(400, errors['card.number'].join(' '));
  // The hosted checkout runs 3DS itself, so a 3DS card simply succeeds here.
  const behaviour = testCard(number).behaviour;
  if (behaviour === 'decline' || behaviour === 'fraud') {
    const error =
      behaviour === 'decline'
        ? { code: 'CARD_DECLINED', message: 'La tarjeta fue rechazada por el banco emisor' }
        : { code: 'FRAUD_PREVENT', message: 'El cargo está en revisión, contacte a servicio al cliente' };
    const outcomes = await emit(ctx, store, paymentErrorEvent(order, error.code, error.message));
    return { order, outcomes, error };
  }
  order.status = 'PAID';
  order.shippingStatus = 'PENDING';
  order.payment = newPayment(ctx, order.total, buyer);
  ctx.state.saveOrder(order);
  const outcomes = await emit(ctx, store, successPaymentEvent(order, ctx.state.clock.now()));
  return { order, outcomes };
}

/** PENDING -> CANCELLED, with the reason in the event description. */
export async function cancelOrder(ctx: SandboxContext, store: StoreRecord, order: OrderRecord, reason: unknown): Promise<MoveResult> {
  if (reason !== undefined && typeof reason !== 'string') throw controlError(400, 'reason must be a string');
  if (order.status !== 'PENDING') throw controlError(400, `order is ${order.status}, only PENDING orders can be cancelled`);
  order.status = 'CANCELLED';
  ctx.state.saveOrder(order);
  const why = reason || 'Cancelada por el comercio';
  return { order, outcomes: await emit(ctx, store, cancelledEvent(order, why)) };
}

/** PAID -> FINALIZED. */
export async function finalizeOrder(ctx: SandboxContext, store: StoreRecord, order: OrderRecord): Promise<MoveResult> {
  if (order.status !== 'PAID') throw controlError(400, `order is ${order.status}, only PAID orders can be finalized`);
  order.status = 'FINALIZED';
  ctx.state.saveOrder(order);
  return { order, outcomes: await emit(ctx, store, finalizedEvent(order)) };
}

/** Deletes an order in any status; afterwards it reads as unknown (404). */
export async function deleteOrder(ctx: SandboxContext, store: StoreRecord, order: OrderRecord): Promise<MoveResult> {
  order.deleted = true;
  ctx.state.saveOrder(order);
  return { order, outcomes: await emit(ctx, store, deletedEvent(order)) };
}

/** One shipping move (see docs/service.md#shipping-status) (plus the sandbox's SCHEDULED/REJECTED moves). */
export async function moveShipping(
  ctx: SandboxContext,
  store: StoreRecord,
  order: OrderRecord,
  body: Record<string, unknown>,
): Promise<MoveResult> {
  const next = body.status;
  if (typeof next !== 'string' || !(next in SHIPPING_MOVES)) throw controlError(400, `status must be a shipping status (${Object.keys(SHIPPING_MOVES).join(', ')})`);
  const eta = body.preparationEtaMinutes ?? 30;
  if (typeof eta !== 'number' || !Number.isInteger(eta) || eta < 0)
    throw controlError(400, 'preparationEtaMinutes must be a non-negative integer');
  const current = order.shippingStatus;
  if (order.status !== 'PAID' && order.status !== 'FINALIZED') throw controlError(400, 'only paid orders ship');
  if (current === null) throw controlError(400, 'this order has no shipping');
  const to = next as ShippingStatus;
  if (!SHIPPING_MOVES[current].includes(to))
    throw controlError(400, `shipping cannot move from ${current} to ${to}; allowed: ${SHIPPING_MOVES[current].join(', ') || 'none'}`);
  order.shippingStatus = to;
  ctx.state.saveOrder(order);
  return { order, outcomes: await emit(ctx, store, updatedEvent(order, current, to, eta)) };
}

/** Reverses a payment: `{fail: true}` simulates a processor refusal (ReverseError). */
export async function reverseOrder(
  ctx: SandboxContext,
  store: StoreRecord,
  order: OrderRecord,
  body: Record<string, unknown>,
): Promise<MoveResult> {
  if (body.fail !== undefined && typeof body.fail !== 'boolean') throw controlError(400, 'fail must be a boolean');
  const p = order.payment;
  if (!p) throw controlError(400, 'the order has no payment to reverse');
  if (p.reversal === 'REVERSED') throw controlError(400, 'the payment is already reversed');
  if (body.fail === true) {
    p.reversal = 'FAILED';
    ctx.state.saveOrder(order);
    const reason = 'El procesador rechazó la reversión';
    return { order, outcomes: await emit(ctx, store, reverseErrorEvent(order, reason)) };
  }
  p.reversal = 'REVERSED';
  ctx.state.saveOrder(order);
  return { order, outcomes: await emit(ctx, store, successReverseEvent(order)) };
}

/**
 * GET /api/v3/Orders/{id} payload (the spec leaves it open; docs/emulator.md#get-apiv3ordersid records this choice):
 * the order's current state in one flat object, for confirming a webhook.
 */
export function orderView(o: OrderRecord) {
  return {
    id: String(o.orderId),
    orderCode: o.orderCode,
    orderType: o.orderType,
    orderReference: o.orderReference,
    name: o.name,
    status: o.status,
    shippingStatus: o.shippingStatus,
    amount: o.total,
    currency: o.currency,
    payment: o.payment && {
      paymentId: o.payment.paymentId,
      chargeId: o.payment.chargeId,
      authorizationCode: o.payment.authorizationCode,
      paidAmount: o.payment.amount,
      paidAt: o.payment.paidAt,
      reversal: o.payment.reversal,
    },
    created: o.created,
    updated: o.updated,
  };
}
