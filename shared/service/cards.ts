import { z } from 'zod';
import { ChargeStatusSchema, ThreeDsStatusSchema } from './enums';

/** Payment method request (see docs/service.md#payment-method). */
export const PaymentMethodRequestSchema = z.object({
  customer: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
  }),
  card: z.object({
    number: z.string(),
    expirationMonth: z.string(),
    expirationYear: z.string(),
    cvv: z.string(),
    cardHolder: z.string(),
    singleUse: z.boolean().optional(),
  }),
});
export type PaymentMethodRequest = z.infer<typeof PaymentMethodRequestSchema>;

/** Payment method response (see docs/service.md#payment-method). */
export const PaymentMethodResponseSchema = z.object({
  id: z.string(),
  type: z.literal('card'),
  bin: z.object({
    brand: z.string(),
    issuerName: z.string(),
    countryCode: z.string().length(3),
  }),
  success: z.boolean(),
  message: z.string(),
});
export type PaymentMethodResponse = z.infer<typeof PaymentMethodResponseSchema>;

/** Charge request (see docs/service.md#charges). */
export const ChargeRequestSchema = z.object({
  order: z.object({
    id: z.string(),
    amount: z.number(),
    description: z.string(),
    name: z.string(),
  }),
  cardId: z.string(),
  authenticationId: z.string().nullable(),
  billingInfo: z
    .object({ countryCode: z.string(), stateCode: z.string(), zipCode: z.string() })
    .optional()
    .nullable(),
});
export type ChargeRequest = z.infer<typeof ChargeRequestSchema>;

/** Charge response (see docs/service.md#charges). */
export const ChargeResponseSchema = z.object({
  status: ChargeStatusSchema,
  message: z.string(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  authentication: z.object({ url: z.string(), id: z.string() }).nullable(),
  order: z
    .object({
      id: z.string(),
      reference: z.string(),
      amount: z.number(),
      currency: z.string(),
      authorizationCode: z.string(),
    })
    .nullable(),
  createdAt: z.string(),
});
export type ChargeResponse = z.infer<typeof ChargeResponseSchema>;

/** 3DS frame message posted to window.parent (see docs/service.md#3-d-secure-frame-message). */
export const ThreeDsFrameMessageSchema = z.object({
  MessageType: z.enum(['authentication.complete', 'authentication.failed']),
  Status: ThreeDsStatusSchema,
  AuthenticationId: z.string(),
  OrderId: z.string(),
  OrderAmount: z.number(),
});
export type ThreeDsFrameMessage = z.infer<typeof ThreeDsFrameMessageSchema>;
