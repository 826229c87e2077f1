import { CARD_API_ORDER_TYPE, type ChargeResponse } from '../../shared/service';
import { BILLING_COUNTRIES } from '../../shared/emulator/test-cards';
import { testCard } from './cards';
import { CURRENCY, DEFAULT_BRANCH } from './catalogue';
import { refreshExpiry } from './challenge-page';
import { emit, type SandboxContext } from './context';
import type { DispatchOutcome } from './dispatcher';
import { paymentErrorEvent, successPaymentEvent } from './events';
import { isRecord } from '../../shared/validation/is-record';
import { validationProblem } from './http';
import { newPayment } from './orders';
import { randomId } from './state';
import type { AuthenticationRecord, OrderRecord, PaymentMethodRecord, StoreRecord } from './types';

interface ChargeInput {
  order: { id: string; amount: number; description: string; name: string };
  cardId: string;
  authenticationId: string | null;
  billingInfo: { countryCode: string; stateCode: string; zipCode: string } | null;
}

/** Charge error codes. Only FRAUD_PREVENT is the spec's; the others are sandbox-only. */
export const CHARGE_ERRORS = {
  FRAUD_PREVENT: 'El cargo está en revisión, contacte a servicio al cliente',
  CARD_DECLINED: 'La tarjeta fue rechazada por el banco emisor',
  BILLING_INFO_REQUIRED: 'billingInfo (countryCode, stateCode, zipCode) es requerido para tarjetas emitidas en USA o CAN',
  PAYMENT_METHOD_NOT_FOUND: 'El método de pago no existe',
  PAYMENT_METHOD_ALREADY_USED: 'El método de pago de un solo uso ya fue utilizado',
  AUTHENTICATION_NOT_FOUND: 'La autenticación no existe',
  AUTHENTICATION_MISMATCH: 'La autenticación pertenece a otra orden, monto o tarjeta',
  AUTHENTICATION_NOT_COMPLETED: 'La autenticación 3DS no fue completada con éxito',
  AUTHENTICATION_ALREADY_USED: 'La autenticación ya fue utilizada en un cargo',
} as const;
export type ChargeErrorCode = keyof typeof CHARGE_ERRORS;

function parse(body: unknown): ChargeInput {
  const errors: Record<string, string[]> = {};
  const need = (field: string, ok: boolean, msg: string) => {
    if (!ok) (errors[field] ??= []).push(msg);
  };
  if (!isRecord(body)) throw validationProblem({ $: ['The request body must be a JSON object.'] });
  const o = isRecord(body.order) ? body.order : null;
  need('order', o !== null, 'The order field is required.');
  if (o) {
    need('order.id', typeof o.id === 'string' && o.id !== '', 'The id field is required.');
    need('order.amount', typeof o.amount === 'number' && o.amount > 0 && Number.isFinite(o.amount), 'The amount must be a number greater than 0.');
    need('order.description', typeof o.description === 'string', 'The description field is required.');
    need('order.name', typeof o.name === 'string', 'The name field is required.');
  }
  need('cardId', typeof body.cardId === 'string' && body.cardId !== '', 'The cardId field is required.');
  const auth = body.authenticationId;
  need('authenticationId', auth === undefined || auth === null || typeof auth === 'string', 'authenticationId must be a string or null.');
  const b = body.billingInfo;
  need('billingInfo', b === undefined || b === null || isRecord(b), 'billingInfo must be an object.');
  if (isRecord(b))
    for (const k of ['countryCode', 'stateCode', 'zipCode'])
      need(`billingInfo.${k}`, b[k] === undefined || b[k] === null || typeof b[k] === 'string', `${k} must be a string.`);
  if (Object.keys(errors).length > 0 || !o) throw validationProblem(errors);
  const billing = isRecord(b) ? b : null;
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  return {
    order: { id: String(o.id), amount: Number(o.amount), description: String(o.description), name: String(o.name) },
    cardId: String(body.cardId),
    authenticationId: typeof auth === 'string' && auth !== '' ? auth : null,
    billingInfo: billing
      ? { countryCode: str(billing.countryCode), stateCode: str(billing.stateCode), zipCode: str(billing.zipCode) }
      : null,
  };
}

function newChargeOrder(ctx: SandboxContext, store: StoreRecord, input: ChargeInput): OrderRecord {
  const now = ctx.state.nowIso();
  const order: OrderRecord = {
    orderId: ctx.state.nextOrderId(),
    orderCode: randomId('CH-', 6),
    storeId: store.storeId,
    source: 'charge',
    orderType: CARD_API_ORDER_TYPE,
    orderReference: input.order.id,
    name: input.order.name,
    description: input.order.description,
    lineItems: [],
    subtotal: input.order.amount,
    shippingAmount: 0,
    discountAmount: 0,
    surchargeAmount: 0,
    total: input.order.amount,
    currency: CURRENCY,
    metadata: [],
    successUrl: null,
    cancelUrl: null,
    locationCode: DEFAULT_BRANCH,
    status: 'PENDING',
    deleted: false,
    shippingStatus: null,
    payment: null,
    expiresAtMs: null,
    created: now,
    updated: now,
  };
  ctx.state.saveOrder(order);
  return order;
}

/**
 * POST /charges (see docs/service.md#card-payments, docs/service.md#charge-status): SUCCEEDED, FAILED or AUTHENTICATION_REQUIRED, always HTTP 200
 * (the spec shows no statuses); a malformed body is a 400 problem. Events are emitted in the
 * background: SuccessPayment, PaymentError.
 */
export function createCharge(ctx: SandboxContext, store: StoreRecord, body: unknown): ChargeResult {
  const emitted: Promise<DispatchOutcome[]>[] = [];
  const response = charge(ctx, store, parse(body), emitted);
  return { response, delivered: Promise.all(emitted).then((all) => all.flat()) };
}

/** A charge response plus the deliveries of the events it emitted (for scenarios). */
export interface ChargeResult {
  response: ChargeResponse;
  delivered: Promise<DispatchOutcome[]>;
}

function charge(
  ctx: SandboxContext,
  store: StoreRecord,
  input: ChargeInput,
  emitted: Promise<DispatchOutcome[]>[],
): ChargeResponse {
  const createdAt = ctx.state.nowIso();
  const fail = (order: OrderRecord, code: ChargeErrorCode, detail?: string): ChargeResponse => {
    const message = detail ?? CHARGE_ERRORS[code];
    emitted.push(emit(ctx, store, paymentErrorEvent(order, code, message)));
    return { status: 'FAILED', message: `El cargo no pudo ser procesado: ${message}`, error: { code, message }, authentication: null, order: null, createdAt };
  };
  const pm = ctx.state.paymentMethods.get(input.cardId);
  let auth: AuthenticationRecord | undefined;
  if (input.authenticationId !== null) {
    auth = ctx.state.authentications.get(input.authenticationId);
    if (auth && auth.storeId !== store.storeId) auth = undefined;
  }
  const existing = auth ? ctx.state.orders.get(auth.orderId) : undefined;
  const order = existing && existing.status === 'PENDING' ? existing : newChargeOrder(ctx, store, input);
  if (!pm || pm.storeId !== store.storeId) return fail(order, 'PAYMENT_METHOD_NOT_FOUND');
  if (pm.singleUse && pm.used) return fail(order, 'PAYMENT_METHOD_ALREADY_USED');
  if (BILLING_COUNTRIES.has(pm.countryCode)) {
    const b = input.billingInfo;
    if (!b || !b.countryCode || !b.stateCode || !b.zipCode) return fail(order, 'BILLING_INFO_REQUIRED');
  }
  if (input.authenticationId !== null) {
    if (!auth) return fail(order, 'AUTHENTICATION_NOT_FOUND');
    refreshExpiry(ctx, auth);
    if (auth.orderReference !== input.order.id || auth.cardId !== pm.id || auth.amount !== input.order.amount)
      return fail(order, 'AUTHENTICATION_MISMATCH');
    if (auth.consumed) return fail(order, 'AUTHENTICATION_ALREADY_USED');
    if (auth.status !== 'SUCCESS')
      return fail(order, 'AUTHENTICATION_NOT_COMPLETED', `${CHARGE_ERRORS.AUTHENTICATION_NOT_COMPLETED} (estado ${auth.status})`);
    auth.consumed = true;
    ctx.state.saveAuthentication(auth);
    return succeed(ctx, store, order, pm, createdAt, emitted);
  }
  const behaviour = testCard(pm.number).behaviour;
  if (behaviour === 'decline') return fail(order, 'CARD_DECLINED');
  if (behaviour === 'fraud') return fail(order, 'FRAUD_PREVENT');
  if (behaviour === 'three-ds') {
    const a: AuthenticationRecord = {
      id: randomId('auth_', 12),
      storeId: store.storeId,
      orderId: order.orderId,
      orderReference: input.order.id,
      amount: input.order.amount,
      cardId: pm.id,
      status: 'PENDING',
      expiresAtMs: ctx.state.clock.now() + ctx.settings.challengeTimeoutSeconds * 1000,
      consumed: false,
    };
    ctx.state.saveAuthentication(a);
    return {
      status: 'AUTHENTICATION_REQUIRED',
      message: 'Se requiere autenticación 3-D Secure del tarjetahabiente',
      error: null,
      authentication: { url: `${ctx.baseUrl}/3ds/challenge/${a.id}`, id: a.id },
      order: null,
      createdAt,
    };
  }
  return succeed(ctx, store, order, pm, createdAt, emitted);
}

function succeed(
  ctx: SandboxContext,
  store: StoreRecord,
  order: OrderRecord,
  pm: PaymentMethodRecord,
  createdAt: string,
  emitted: Promise<DispatchOutcome[]>[],
): ChargeResponse {
  const c = pm.customer;
  order.status = 'PAID';
  order.payment = newPayment(ctx, order.total, { name: c.name, phone: c.phoneNumber, email: c.email, externalId: c.id });
  ctx.state.saveOrder(order);
  pm.used = true;
  ctx.state.savePaymentMethod(pm);
  emitted.push(emit(ctx, store, successPaymentEvent(order, ctx.state.clock.now())));
  return {
    status: 'SUCCEEDED',
    message: 'El cargo fue procesado exitosamente',
    error: null,
    authentication: null,
    order: {
      id: String(order.orderId),
      reference: order.orderReference ?? '',
      amount: order.total,
      currency: order.currency,
      authorizationCode: order.payment.authorizationCode,
    },
    createdAt,
  };
}
