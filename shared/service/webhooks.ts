import { z } from 'zod';
import { CouponStatusSchema, LevelSchema, ShippingStatusSchema } from './enums';

/** The webhook header names as the service writes them (see docs/service.md#webhook-headers). */
export const WEBHOOK_HEADER_NAMES = {
  signature: 'X-Svc-Hmac-Sha256',
  eventId: 'X-Svc-Event-Id',
  eventCreated: 'X-Svc-Event-Created',
} as const;

/** The same names lower-cased, as Node delivers them: compare received names with these. */
export const SIGNATURE_HEADER = 'x-svc-hmac-sha256';
export const EVENT_ID_HEADER = 'x-svc-event-id';
export const EVENT_CREATED_HEADER = 'x-svc-event-created';

/**
 * The User-Agent of the service's webhooks as the sandbox sends them, and Hooklab's probe of its
 * public URL with them (the spec does not name the real service's). Nothing in it says Hooklab:
 * a relay that treats Hooklab's requests apart from the service's must not be able to tell.
 */
export const SERVICE_WEBHOOK_USER_AGENT = 'Svc-Webhooks/1.0';

/** The three webhook headers, lower-cased. */
export const WEBHOOK_HEADERS: ReadonlySet<string> = new Set([SIGNATURE_HEADER, EVENT_ID_HEADER, EVENT_CREATED_HEADER]);

/**
 * Webhook event object (see docs/service.md#webhook-event). `type` and `orderType` are plain strings, not enums: a receiver
 * must keep and show events of types it does not know yet.
 */
export const WebhookEventSchema = z.object({
  orderId: z.string(),
  orderReference: z.string().nullable().optional(),
  orderType: z.string(),
  description: z.string(),
  level: LevelSchema,
  type: z.string(),
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;

/** Metadata of an `Updated` event (see docs/service.md#event-types). */
export const ShippingUpdateMetadataSchema = z.object({
  PreviousStatus: ShippingStatusSchema,
  NewStatus: ShippingStatusSchema,
  PreparationEtaMinutes: z.string().optional(),
});

/** Coupon object inside SuccessPayment orderDetail items (see docs/service.md#successpayment-metadata). */
export const CouponSchema = z.object({
  code: z.string(),
  qrCodeUrl: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  redemptionLimit: z.string(),
  redemptionCount: z.string(),
  status: CouponStatusSchema,
});

/** Item of SuccessPayment `orderDetail` (see docs/service.md#successpayment-metadata). */
export const OrderDetailItemSchema = z.object({
  orderItemId: z.string(),
  itemId: z.string(),
  name: z.string(),
  price: z.string(),
  promoId: z.string().nullable(),
  promoPrice: z.string().nullable(),
  promoName: z.string().nullable(),
  quantity: z.string(),
  modifiersTotal: z.string(),
  sku: z.string(),
  productImageUrl: z.string(),
  modifiers: z.array(z.unknown()),
  note: z.string().nullable(),
  description: z.string(),
  quantityAvailable: z.string(),
  requiresShipping: z.boolean(),
  productMetadata: z.record(z.string(), z.unknown()).nullable(),
  coupon: CouponSchema.nullable(),
});

/** SuccessPayment metadata (see docs/service.md#successpayment-metadata). */
export const SuccessPaymentMetadataSchema = z.object({
  PaymentId: z.string(),
  ChargeId: z.string(),
  Status: z.string(),
  AuthorizationCode: z.string(),
  SequentialNumber: z.string(),
  AccountId: z.string(),
  PaymentProcessor: z.string(),
  PaymentProcessorReference: z.string(),
  TransactionDate: z.string(),
  PaidAmount: z.string(),
  BuyerName: z.string(),
  BuyerPhone: z.string(),
  BuyerEmail: z.string(),
  BuyerExternalId: z.string(),
  CheckoutNote: z.string(),
  OrderReference: z.string(),
  OrderTotalDetails: z.object({
    subtotal: z.string(),
    shippingAmount: z.string(),
    discountAmount: z.string(),
    surchargeAmount: z.string(),
    total: z.string(),
  }),
  IsManagedPaymentMethod: z.boolean(),
  InvoiceName: z.string(),
  InvoiceAddress: z.string(),
  InvoiceTaxCode: z.string(),
  orderDetail: z.array(OrderDetailItemSchema),
});

/** Webhook delivery object (see docs/service.md#webhook-delivery). */
export const WebhookDeliverySchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  eventType: z.string(),
  eventCreated: z.string(),
  url: z.string(),
  payload: z.string(),
  responseStatusCode: z.number().int(),
  delivered: z.boolean(),
  created: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

/** Response of GET {api_v3_url}/WebhookEvents (see docs/service.md#list-deliveries). */
export const DeliveryListResponseSchema = z.object({
  webhookEvents: z.array(WebhookDeliverySchema),
  totalCount: z.number().int(),
});
export type DeliveryListResponse = z.infer<typeof DeliveryListResponseSchema>;

/** Fields (see docs/service.md#webhook-delivery) that may be used in `filters` and `sorts`. */
export const FILTERABLE_DELIVERY_FIELDS = [
  'id',
  'eventType',
  'responseStatusCode',
  'delivered',
  'created',
] as const;
export type FilterableDeliveryField = (typeof FILTERABLE_DELIVERY_FIELDS)[number];
