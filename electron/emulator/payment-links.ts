import type { PaymentLinkOrder, PaymentLinkResponse } from '../../shared/service';
import { findProduct } from '../../shared/emulator/catalogue';
import { BRANCHES, CURRENCY, DEFAULT_BRANCH, storeInfo } from './catalogue';
import { emit, type SandboxContext } from './context';
import type { DispatchOutcome } from './dispatcher';
import { createdEvent } from './events';
import { isRecord } from '../../shared/validation/is-record';
import { validationProblem } from './http';
import { randomId } from './state';
import type { LineItemRecord, OrderRecord, StoreRecord } from './types';

/** Limits of the payment link request (see docs/service.md#payment-link-request, docs/service.md#limits). */
export const LIMITS = { orderReference: 255, orderName: 255, orderDescription: 2048, imageUrl: 512 } as const;
export const DEFAULT_ORDER_NAME = 'PaymentLink Order';
export const DEFAULT_EXPIRATION_MINUTES = 1440;
/** Flat shipping fee of the sandbox store, charged when any item requires shipping. */
export const SHIPPING_FEE = 3.5;

const round2 = (n: number) => Math.round(n * 100) / 100;
type Errors = Record<string, string[]>;

/** Validates a payment link request (docs/service.md#payment-link-request); every violation is collected into a validation problem (400, docs/service.md#validation-problem). */
function validate(body: unknown): Record<string, unknown> {
  if (!isRecord(body)) throw validationProblem({ $: ['The request body must be a JSON object.'] });
  const errors: Errors = {};
  const add = (f: string, m: string) => (errors[f] ??= []).push(m);
  const optString = (f: string, max?: number) => {
    const v = body[f];
    if (v === undefined || v === null) return;
    if (typeof v !== 'string') add(f, `The ${f} field must be a string.`);
    else if (max !== undefined && v.length > max)
      add(f, `The field ${f} must be a string with a maximum length of ${max}.`);
  };
  optString('orderReference', LIMITS.orderReference);
  optString('orderName', LIMITS.orderName);
  optString('orderDescription', LIMITS.orderDescription);
  optString('successUrl');
  optString('cancelUrl');
  optString('locationCode');
  const hasAmount = body.amount !== undefined && body.amount !== null;
  const hasItems = body.lineItems !== undefined && body.lineItems !== null;
  if (hasAmount && hasItems) add('amount', 'Use either amount (Method 2) or lineItems (Method 1), not both.');
  if (!hasAmount && !hasItems) add('amount', 'The amount field is required when lineItems is not given.');
  if (hasAmount && !(typeof body.amount === 'number' && Number.isFinite(body.amount) && body.amount > 0))
    add('amount', 'The amount must be greater than 0.');
  if (hasItems) validateItems(body.lineItems, add);
  if (typeof body.locationCode === 'string' && !(BRANCHES as readonly string[]).includes(body.locationCode))
    add('locationCode', `Unknown branch code '${body.locationCode}'.`);
  const exp = body.expirationMinutes;
  if (exp !== undefined && exp !== null && !(typeof exp === 'number' && Number.isInteger(exp) && exp > 0))
    add('expirationMinutes', 'The expirationMinutes must be a whole number greater than 0.');
  const md = body.metadata;
  if (md !== undefined && md !== null) {
    if (!Array.isArray(md)) add('metadata', 'The metadata field must be an array.');
    else
      md.forEach((m: unknown, i) => {
        const r = isRecord(m) ? m : {};
        if (typeof r.name !== 'string' || r.name === '') add(`metadata[${i}].name`, 'The name field is required.');
        if (typeof r.value !== 'string') add(`metadata[${i}].value`, 'The value field is required.');
      });
  }
  if (Object.keys(errors).length > 0) throw validationProblem(errors);
  return body;
}

function validateItems(items: unknown, add: (f: string, m: string) => void): void {
  if (!Array.isArray(items)) return add('lineItems', 'The lineItems field must be an array.');
  if (items.length === 0) return add('lineItems', 'At least one line item is required.');
  items.forEach((raw: unknown, i) => {
    const f = `lineItems[${i}]`;
    if (!isRecord(raw)) return add(f, 'Each line item must be an object.');
    const hasSku = raw.sku !== undefined && raw.sku !== null;
    const hasProduct = raw.product !== undefined && raw.product !== null;
    if (hasSku === hasProduct) add(f, 'Give exactly one of sku or product.');
    if (hasSku && (typeof raw.sku !== 'string' || !findProduct(raw.sku)))
      add(`${f}.sku`, `No product with sku '${String(raw.sku)}' exists in the store.`);
    if (hasProduct) {
      const p = isRecord(raw.product) ? raw.product : {};
      if (typeof p.name !== 'string' || p.name.trim() === '') add(`${f}.product.name`, 'The name field is required.');
      if (!(typeof p.price === 'number' && Number.isFinite(p.price) && p.price > 0))
        add(`${f}.product.price`, 'The price must be greater than 0.');
      if (p.imageUrl !== undefined && p.imageUrl !== null) {
        if (typeof p.imageUrl !== 'string') add(`${f}.product.imageUrl`, 'The imageUrl field must be a string.');
        else if (p.imageUrl.length > LIMITS.imageUrl)
          add(`${f}.product.imageUrl`, `The field imageUrl must be a string with a maximum length of ${LIMITS.imageUrl}.`);
      }
      if (p.requiresShipping !== undefined && p.requiresShipping !== null && typeof p.requiresShipping !== 'boolean')
        add(`${f}.product.requiresShipping`, 'The requiresShipping field must be a boolean.');
    }
    if (!(typeof raw.quantity === 'number' && Number.isInteger(raw.quantity) && raw.quantity > 0))
      add(`${f}.quantity`, 'The quantity must be a whole number greater than 0.');
  });
}

function buildItems(orderId: number, items: Record<string, unknown>[]): LineItemRecord[] {
  return items.map((raw, i) => {
    const quantity = Number(raw.quantity);
    if (typeof raw.sku === 'string') {
      const p = findProduct(raw.sku)!;
      return {
        productId: p.productId, sku: p.sku, name: p.name, description: p.description,
        price: p.price, promoPrice: p.promoPrice, promoId: p.promoId, promoName: p.promoName,
        quantity, imageUrl: p.imageUrl, requiresShipping: p.requiresShipping,
        subTotal: round2(p.price * quantity), couponSku: p.coupon ? p.sku : null,
      };
    }
    const p = raw.product as Record<string, unknown>;
    const price = Number(p.price);
    return {
      // One-time products get an id derived from the order: unique, stable, never reused.
      productId: orderId * 100 + i + 1, sku: null, name: String(p.name), description: String(p.name),
      price, promoPrice: null, promoId: null, promoName: null, quantity,
      imageUrl: typeof p.imageUrl === 'string' ? p.imageUrl : null,
      requiresShipping: p.requiresShipping === true, subTotal: round2(price * quantity), couponSku: null,
    };
  });
}

/** POST /paymentlink/checkout (see docs/service.md#payment-links): creates the order and emits Created. */
export function createPaymentLink(
  ctx: SandboxContext,
  store: StoreRecord,
  raw: unknown,
): { response: PaymentLinkResponse; order: OrderRecord; delivered: Promise<DispatchOutcome[]> } {
  const body = validate(raw);
  const orderId = ctx.state.nextOrderId();
  const items = Array.isArray(body.lineItems) ? buildItems(orderId, body.lineItems as Record<string, unknown>[]) : [];
  const subtotal = items.length > 0 ? round2(items.reduce((s, li) => s + li.subTotal, 0)) : round2(Number(body.amount));
  const discount = round2(items.reduce((s, li) => s + (li.promoPrice === null ? 0 : (li.price - li.promoPrice) * li.quantity), 0));
  const shipping = items.some((li) => li.requiresShipping) ? SHIPPING_FEE : 0;
  const now = ctx.state.clock.now();
  let orderCode: string;
  do orderCode = randomId('', 6).toUpperCase().replace(/[-_]/g, 'X');
  while (ctx.state.ordersByCode.has(orderCode));
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  const order: OrderRecord = {
    orderId, orderCode, storeId: store.storeId, source: 'payment-link', orderType: 'FASTLINK_CHARGE',
    orderReference: str(body.orderReference), name: str(body.orderName) ?? DEFAULT_ORDER_NAME,
    description: str(body.orderDescription), lineItems: items, subtotal,
    shippingAmount: shipping, discountAmount: discount, surchargeAmount: 0,
    total: round2(subtotal - discount + shipping), currency: CURRENCY,
    metadata: Array.isArray(body.metadata) ? (body.metadata as { name: string; value: string }[]).map(({ name, value }) => ({ name, value })) : [],
    successUrl: str(body.successUrl), cancelUrl: str(body.cancelUrl),
    locationCode: str(body.locationCode) ?? DEFAULT_BRANCH, status: 'PENDING', deleted: false,
    shippingStatus: null, payment: null,
    expiresAtMs: now + (typeof body.expirationMinutes === 'number' ? body.expirationMinutes : DEFAULT_EXPIRATION_MINUTES) * 60_000,
    created: new Date(now).toISOString(), updated: new Date(now).toISOString(),
  };
  ctx.state.saveOrder(order);
  const delivered = emit(ctx, store, createdEvent(order));
  return { response: { orderCode, orderId, paymentLinkUrl: paymentLinkUrl(ctx, order) }, order, delivered };
}

export const paymentLinkUrl = (ctx: SandboxContext, o: OrderRecord) => `${ctx.baseUrl}/pay/${o.orderCode}`;

/** The payment link order object (see docs/service.md#payment-link-order). */
export function toPaymentLinkOrder(ctx: SandboxContext, store: StoreRecord, o: OrderRecord): PaymentLinkOrder {
  return {
    orderId: o.orderId, orderCode: o.orderCode, orderReference: o.orderReference, name: o.name,
    description: o.description,
    lineItems: o.lineItems.map((li) => ({
      productId: li.productId, sku: li.sku, name: li.name, price: li.price, promoPrice: li.promoPrice,
      quantity: li.quantity, imageUrl: li.imageUrl, subTotal: li.subTotal,
    })),
    orderStatus: o.status, subtotal: o.subtotal,
    totalDetails: { shippingAmount: o.shippingAmount, discountAmount: o.discountAmount, surchargeAmount: o.surchargeAmount },
    total: o.total, metadata: o.metadata, paymentLinkUrl: paymentLinkUrl(ctx, o),
    successUrl: o.successUrl, cancelUrl: o.cancelUrl, store: storeInfo(store.name),
    payment: o.payment && {
      authorizationCode: o.payment.authorizationCode, voucherUrl: o.payment.voucherUrl,
      buyer: { name: o.payment.buyer.name, phone: o.payment.buyer.phone, email: o.payment.buyer.email },
    },
    created: o.created,
  };
}
