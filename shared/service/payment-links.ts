import { z } from 'zod';
import { OrderStatusSchema } from './enums';

const NameValueSchema = z.object({ name: z.string(), value: z.string() });

/** Line item of a payment link request (see docs/service.md#payment-link-request); exactly one of sku or product. */
export const LineItemRequestSchema = z.object({
  sku: z.string().optional(),
  product: z
    .object({
      name: z.string(),
      price: z.number(),
      imageUrl: z.string().max(512).optional(),
      requiresShipping: z.boolean().optional(),
    })
    .optional(),
  quantity: z.number().int(),
});
export type LineItemRequest = z.infer<typeof LineItemRequestSchema>;

/** Payment link request (see docs/service.md#payment-link-request). Limits (see docs/service.md#limits) are enforced by the service, not here. */
export const PaymentLinkRequestSchema = z.object({
  orderReference: z.string().optional(),
  orderName: z.string().optional(),
  orderDescription: z.string().nullable().optional(),
  amount: z.number().optional(),
  lineItems: z.array(LineItemRequestSchema).optional(),
  successUrl: z.string().optional(),
  cancelUrl: z.string().optional(),
  locationCode: z.string().optional(),
  metadata: z.array(NameValueSchema).optional(),
  expirationMinutes: z.number().int().optional(),
});
export type PaymentLinkRequest = z.infer<typeof PaymentLinkRequestSchema>;

/** Payment link creation response (see docs/service.md#payment-link-request). */
export const PaymentLinkResponseSchema = z.object({
  orderCode: z.string(),
  orderId: z.number().int(),
  paymentLinkUrl: z.string(),
});
export type PaymentLinkResponse = z.infer<typeof PaymentLinkResponseSchema>;

/** Payment link order (see docs/service.md#payment-link-order). */
export const PaymentLinkOrderSchema = z.object({
  orderId: z.number().int(),
  orderCode: z.string(),
  orderReference: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  lineItems: z.array(
    z.object({
      productId: z.number().int(),
      sku: z.string().nullable(),
      name: z.string(),
      price: z.number(),
      promoPrice: z.number().nullable(),
      quantity: z.number().int(),
      imageUrl: z.string().nullable(),
      subTotal: z.number(),
    }),
  ),
  orderStatus: OrderStatusSchema,
  subtotal: z.number(),
  totalDetails: z.object({
    shippingAmount: z.number(),
    discountAmount: z.number(),
    surchargeAmount: z.number(),
  }),
  total: z.number(),
  metadata: z.array(NameValueSchema),
  paymentLinkUrl: z.string(),
  successUrl: z.string().nullable(),
  cancelUrl: z.string().nullable(),
  store: z.object({
    name: z.string(),
    countryCode: z.string(),
    currencyCode: z.string(),
    currencySymbol: z.string(),
    locale: z.string(),
    timezone: z.string(),
  }),
  payment: z
    .object({
      authorizationCode: z.string(),
      voucherUrl: z.string(),
      buyer: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
    })
    .nullable(),
  created: z.string(),
});
export type PaymentLinkOrder = z.infer<typeof PaymentLinkOrderSchema>;
