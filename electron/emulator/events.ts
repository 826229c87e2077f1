import { EVENT_LEVELS, type EventType, type ShippingStatus, type WebhookEvent } from '../../shared/service';
import { findProduct } from '../../shared/emulator/catalogue';
import { couponObject } from './catalogue';
import type { AuthenticationRecord, OrderRecord } from './types';

/**
 * Builders of the webhook events the sandbox's operations emit. Descriptions are in Spanish,
 * as the real service writes them. Every event of an order carries the order's orderType.
 */
function base(
  o: OrderRecord,
  type: EventType,
  description: string,
  metadata: Record<string, unknown> | null = null,
): WebhookEvent {
  return {
    orderId: String(o.orderId),
    orderReference: o.orderReference,
    orderType: o.orderType,
    description,
    level: EVENT_LEVELS[type],
    type,
    metadata,
  };
}

const money = (n: number) => n.toFixed(2);

/** Created: a payment link order was created. */
export const createdEvent = (o: OrderRecord) => base(o, 'Created', 'La orden fue creada');

/** SuccessPayment with the full metadata (see docs/service.md#successpayment-metadata). */
export function successPaymentEvent(o: OrderRecord, nowMs: number): WebhookEvent {
  const p = o.payment;
  if (!p) throw new Error('successPaymentEvent needs a paid order');
  const metadata = {
    PaymentId: p.paymentId,
    ChargeId: p.chargeId,
    Status: 'SUCCEEDED',
    AuthorizationCode: p.authorizationCode,
    SequentialNumber: p.sequentialNumber,
    AccountId: `acct_${o.storeId}`,
    PaymentProcessor: 'SANDBOX_PROCESSOR',
    PaymentProcessorReference: `spr_${p.chargeId}`,
    TransactionDate: p.paidAt,
    PaidAmount: money(p.amount),
    BuyerName: p.buyer.name,
    BuyerPhone: p.buyer.phone,
    BuyerEmail: p.buyer.email,
    BuyerExternalId: p.buyer.externalId,
    CheckoutNote: '',
    OrderReference: o.orderReference ?? '',
    OrderTotalDetails: {
      subtotal: money(o.subtotal),
      shippingAmount: money(o.shippingAmount),
      discountAmount: money(o.discountAmount),
      surchargeAmount: money(o.surchargeAmount),
      total: money(o.total),
    },
    IsManagedPaymentMethod: true,
    InvoiceName: p.buyer.name,
    InvoiceAddress: '',
    InvoiceTaxCode: '',
    orderDetail: o.lineItems.map((li, i) => {
      const template = li.couponSku ? findProduct(li.couponSku)?.coupon : null;
      return {
        orderItemId: `${o.orderId}-${i + 1}`,
        itemId: String(li.productId),
        name: li.name,
        price: money(li.price),
        promoId: li.promoId,
        promoPrice: li.promoPrice === null ? null : money(li.promoPrice),
        promoName: li.promoName,
        quantity: String(li.quantity),
        modifiersTotal: '0.00',
        sku: li.sku ?? '',
        productImageUrl: li.imageUrl ?? '',
        modifiers: [],
        note: null,
        description: li.description,
        quantityAvailable: String(li.sku ? (findProduct(li.sku)?.quantityAvailable ?? 0) : 0),
        requiresShipping: li.requiresShipping,
        productMetadata: null,
        coupon: template ? couponObject(template, nowMs) : null,
      };
    }),
  };
  return base(o, 'SuccessPayment', 'El pago de la orden fue exitoso', metadata);
}

/** Cancelled: the description carries the reason (see docs/service.md#event-types). */
export const cancelledEvent = (o: OrderRecord, reason: string) =>
  base(o, 'Cancelled', `La orden fue cancelada. Motivo: ${reason}`);

export const finalizedEvent = (o: OrderRecord) =>
  base(o, 'Finalized', 'La orden fue finalizada');

export const deletedEvent = (o: OrderRecord) => base(o, 'Deleted', 'La orden fue eliminada');

/** Updated: shipping moved; PreparationEtaMinutes only on PENDING -> ACCEPTED. */
export function updatedEvent(
  o: OrderRecord,
  previous: ShippingStatus,
  next: ShippingStatus,
  etaMinutes: number | null,
): WebhookEvent {
  const metadata: Record<string, string> = { PreviousStatus: previous, NewStatus: next };
  if (previous === 'PENDING' && next === 'ACCEPTED' && etaMinutes !== null)
    metadata.PreparationEtaMinutes = String(etaMinutes);
  return base(o, 'Updated', `El estado de envío cambió de ${previous} a ${next}`, metadata);
}

export const successReverseEvent = (o: OrderRecord) =>
  base(o, 'SuccessReverse', 'La reversión del pago fue exitosa');

export const reverseErrorEvent = (o: OrderRecord, reason: string) =>
  base(o, 'ReverseError', `Error al revertir el pago: ${reason}`);

/** PaymentError: the description carries the error (see docs/service.md#event-types). */
export const paymentErrorEvent = (o: OrderRecord, code: string, message: string) =>
  base(o, 'PaymentError', `Error al procesar el pago (${code}): ${message}`);

/** The 3DS event for a final authentication status (mapping recorded in docs/emulator.md#decisions-where-the-spec-says-not-shown). */
export function threeDsEvent(o: OrderRecord, a: AuthenticationRecord): WebhookEvent | null {
  const id = { authenticationId: a.id };
  switch (a.status) {
    case 'SUCCESS':
      return base(o, 'ThreeDSecureAuthSucceeded', 'La autenticación 3DS fue completada', id);
    case 'FAILED':
      return base(o, 'ThreeDSecureAuthFailed', 'La autenticación 3DS falló', {
        ...id,
        reason: 'AUTHENTICATION_FAILED',
        description: 'El banco emisor no pudo autenticar al tarjetahabiente',
      });
    case 'ERROR':
      return base(o, 'ThreeDSecureAuthError', 'Error durante la autenticación 3DS', {
        ...id,
        reason: 'PROCESSOR_ERROR',
        description: 'Error interno del procesador de pagos',
      });
    case 'EXPIRED':
      return base(o, 'ThreeDSecureAuthExpired', 'La autenticación 3DS expiró', id);
    case 'PENDING':
      return null;
  }
}
