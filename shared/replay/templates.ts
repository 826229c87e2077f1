import { EVENT_LEVELS, EVENT_TYPES, type EventType, type Level, type OrderType, type WebhookEvent } from '../service';

/**
 * Templates of every event type (see docs/service.md#event-types), shaped like the events the sandbox emits
 * (electron/emulator/events.ts): Spanish descriptions, the order's orderType (see docs/service.md#order-types) on every event,
 * and each type's metadata (SuccessPayment with the whole of docs/service.md#successpayment-metadata). Pure data, so the core (Replay,
 * the handler check) and the UI build the same bodies.
 */

/** What each event type means (see docs/service.md#event-types). */
const EVENT_TYPE_MEANINGS: Readonly<Record<EventType, string>> = {
  Created: 'A new order was created',
  SuccessPayment: 'Payment of an order succeeded',
  Cancelled: 'Order cancelled; the description includes the reason',
  Finalized: 'Order finalized',
  Updated: 'Shipping status of an order changed',
  Deleted: 'Order deleted',
  SuccessReverse: 'Payment reversal succeeded',
  ReverseError: 'Error while reversing a payment',
  PaymentError: 'Error while attempting a payment; the description carries the error',
  ThreeDSecureAuthSucceeded: '3DS authentication completed; the charge can be confirmed',
  ThreeDSecureAuthError: 'Error during 3DS authentication',
  ThreeDSecureAuthExpired: '3DS authentication not completed in time',
  ThreeDSecureAuthFailed: 'Technical failure prevented 3DS from completing',
};

/** Level (the service's, EVENT_LEVELS) and meaning of each event type. */
export const EVENT_TYPE_INFO = Object.fromEntries(
  EVENT_TYPES.map((type) => [type, { level: EVENT_LEVELS[type], meaning: EVENT_TYPE_MEANINGS[type] }]),
) as Readonly<Record<EventType, { level: Level; meaning: string }>>;

/** The order every template is about, so templates of one order read as one story. */
export interface TemplateOrder {
  readonly orderId: string;
  readonly orderReference: string | null;
  readonly orderType: OrderType | string;
}

export const TEMPLATE_ORDER: TemplateOrder = { orderId: '900001', orderReference: 'replay-1', orderType: 'FASTLINK_CHARGE' };

const TEMPLATE_TIME = '2026-01-15T14:30:00.000Z';
const AUTHENTICATION_ID = 'auth_9f2c41d07a';

/** SuccessPayment metadata with every field (see docs/service.md#successpayment-metadata): two items, one with a coupon and a promotion. */
export function successPaymentMetadata(order: TemplateOrder): Record<string, unknown> {
  return {
    PaymentId: 'pay_5e8a1c',
    ChargeId: 'ch_7d31f0',
    Status: 'SUCCEEDED',
    AuthorizationCode: '483920',
    SequentialNumber: '000127',
    AccountId: 'acct_store_1',
    PaymentProcessor: 'SANDBOX_PROCESSOR',
    PaymentProcessorReference: 'spr_ch_7d31f0',
    TransactionDate: TEMPLATE_TIME,
    PaidAmount: '57.50',
    BuyerName: 'Ana Pérez',
    BuyerPhone: '+50688887777',
    BuyerEmail: 'ana.perez@example.com',
    BuyerExternalId: 'buyer-42',
    CheckoutNote: 'Entregar en recepción',
    OrderReference: order.orderReference ?? '',
    OrderTotalDetails: {
      subtotal: '55.00',
      shippingAmount: '5.00',
      discountAmount: '5.00',
      surchargeAmount: '2.50',
      total: '57.50',
    },
    IsManagedPaymentMethod: true,
    InvoiceName: 'Ana Pérez',
    InvoiceAddress: 'Avenida Central 100, San José',
    InvoiceTaxCode: '1-1111-1111',
    orderDetail: [
      {
        orderItemId: `${order.orderId}-1`,
        itemId: '101',
        name: 'Camiseta Hooklab',
        price: '20.00',
        promoId: 'promo-7',
        promoPrice: '15.00',
        promoName: 'Lanzamiento',
        quantity: '2',
        modifiersTotal: '0.00',
        sku: 'TSHIRT-M',
        productImageUrl: 'https://sandbox.invalid/img/tshirt.png',
        modifiers: [],
        note: null,
        description: 'Camiseta de algodón, talla M',
        quantityAvailable: '48',
        requiresShipping: true,
        productMetadata: null,
        coupon: null,
      },
      {
        orderItemId: `${order.orderId}-2`,
        itemId: '202',
        name: 'Cupón cena para dos',
        price: '25.00',
        promoId: null,
        promoPrice: null,
        promoName: null,
        quantity: '1',
        modifiersTotal: '0.00',
        sku: 'COUPON-DINNER',
        productImageUrl: 'https://sandbox.invalid/img/dinner.png',
        modifiers: [],
        note: 'Regalo',
        description: 'Cena para dos personas',
        quantityAvailable: '120',
        requiresShipping: false,
        productMetadata: { category: 'experiences' },
        coupon: {
          code: 'CENA-4F7K2',
          qrCodeUrl: 'https://sandbox.invalid/qr/CENA-4F7K2.png',
          startDate: '2026-01-15T00:00:00.000Z',
          endDate: '2026-04-15T00:00:00.000Z',
          redemptionLimit: '1',
          redemptionCount: '0',
          status: 'Unredeemed',
        },
      },
    ],
  };
}

function descriptionAndMetadata(type: EventType, order: TemplateOrder): Pick<WebhookEvent, 'description' | 'metadata'> {
  switch (type) {
    case 'Created':
      return { description: 'La orden fue creada', metadata: null };
    case 'SuccessPayment':
      return { description: 'El pago de la orden fue exitoso', metadata: successPaymentMetadata(order) };
    case 'Cancelled':
      return { description: 'La orden fue cancelada. Motivo: el cliente lo solicitó', metadata: null };
    case 'Finalized':
      return { description: 'La orden fue finalizada', metadata: null };
    case 'Updated':
      return {
        description: 'El estado de envío cambió de PENDING a ACCEPTED',
        metadata: { PreviousStatus: 'PENDING', NewStatus: 'ACCEPTED', PreparationEtaMinutes: '25' },
      };
    case 'Deleted':
      return { description: 'La orden fue eliminada', metadata: null };
    case 'SuccessReverse':
      return { description: 'La reversión del pago fue exitosa', metadata: null };
    case 'ReverseError':
      return { description: 'Error al revertir el pago: el procesador rechazó la reversión', metadata: null };
    case 'PaymentError':
      return { description: 'Error al procesar el pago (51): fondos insuficientes', metadata: null };
    case 'ThreeDSecureAuthSucceeded':
      return { description: 'La autenticación 3DS fue completada', metadata: { authenticationId: AUTHENTICATION_ID } };
    case 'ThreeDSecureAuthError':
      return {
        description: 'Error durante la autenticación 3DS',
        metadata: { authenticationId: AUTHENTICATION_ID, reason: 'PROCESSOR_ERROR', description: 'Error interno del procesador de pagos' },
      };
    case 'ThreeDSecureAuthExpired':
      return { description: 'La autenticación 3DS expiró', metadata: { authenticationId: AUTHENTICATION_ID } };
    case 'ThreeDSecureAuthFailed':
      return {
        description: 'La autenticación 3DS falló',
        metadata: {
          authenticationId: AUTHENTICATION_ID,
          reason: 'AUTHENTICATION_FAILED',
          description: 'El banco emisor no pudo autenticar al tarjetahabiente',
        },
      };
  }
}

/** True for the event types (see docs/service.md#event-types). */
export function isEventType(type: string): type is EventType {
  return (EVENT_TYPES as readonly string[]).includes(type);
}

/** The event object (docs/service.md#webhook-event) of a type for an order (the template order by default). */
export function eventTemplate(type: EventType, order: TemplateOrder = TEMPLATE_ORDER): WebhookEvent {
  return {
    orderId: order.orderId,
    orderReference: order.orderReference,
    orderType: order.orderType,
    ...descriptionAndMetadata(type, order),
    level: EVENT_TYPE_INFO[type].level,
    type,
  };
}

/** The template as the editor shows it: field order (see docs/service.md#webhook-event), indented by two spaces. */
export function eventTemplateText(type: EventType, order: TemplateOrder = TEMPLATE_ORDER): string {
  const e = eventTemplate(type, order);
  const ordered = {
    orderId: e.orderId,
    orderReference: e.orderReference,
    orderType: e.orderType,
    description: e.description,
    level: e.level,
    type: e.type,
    metadata: e.metadata,
  };
  return JSON.stringify(ordered, null, 2);
}

/** Every event type (see docs/service.md#event-types), for pickers. */
export const TEMPLATE_EVENT_TYPES: readonly EventType[] = EVENT_TYPES;
