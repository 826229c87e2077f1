import { z } from 'zod';
import { defineCall, NoArgs } from './define';
import { flowsFuzzCalls } from './flows-fuzz';
import {
  ChargeRequestSchema,
  ChargeResponseSchema,
  PaymentLinkOrderSchema,
  PaymentLinkRequestSchema,
  PaymentLinkResponseSchema,
  PaymentMethodRequestSchema,
  PaymentMethodResponseSchema,
  ShippingStatusSchema,
  ValidationProblemSchema,
} from '../service';

export type { FuzzArrival, FuzzSearchReport } from './flows-fuzz';

/**
 * Calls of the flow runner (Sequences → Flows): the card flow (payment method, charge, 3-D
 * Secure second charge) and the payment-link flow against the active environment, through the
 * core. Credentials and tokens stay in the core: what comes back is each HTTP exchange with
 * its secrets masked (bearer values, card number, cvv), for the page to show.
 */

/** One HTTP request of a flow and what the service answered, secrets masked. */
export const FlowExchangeSchema = z.object({
  /** What the step was for, in words ("Create payment method", "Charge with authentication"). */
  step: z.string(),
  method: z.string(),
  url: z.string(),
  /** Request headers as sent, bearer values masked. */
  requestHeaders: z.array(z.tuple([z.string(), z.string()])),
  /** The JSON body sent (card number and cvv masked), or null. */
  requestBody: z.unknown(),
  /** HTTP status, or null when no answer came (network failure, timeout). */
  status: z.number().int().nullable(),
  /** The answer's body: parsed JSON, else its text. */
  responseBody: z.unknown(),
  /** Why no answer came, in words; null when one did. */
  error: z.string().nullable(),
  startedAt: z.string(),
  durationMs: z.number(),
});
export type FlowExchange = z.infer<typeof FlowExchangeSchema>;

/** One card of the sandbox with what a charge does with it. */
export const TestCardSchema = z.object({
  number: z.string(),
  countryCode: z.string(),
  outcome: z.string(),
  /** Whether charges need billingInfo (USA / CAN issuers). */
  needsBillingInfo: z.boolean(),
});
export type TestCard = z.infer<typeof TestCardSchema>;

export const FlowsInfoSchema = z.object({
  environment: z.object({ id: z.string(), name: z.string(), isSandbox: z.boolean() }),
  /** False when the active environment cannot be reached now (sandbox not running, no secret…). */
  available: z.boolean(),
  reason: z.string().nullable(),
  baseUrl: z.string().nullable(),
  /** The one origin the renderer's CSP admits in frame-src (the 3-D Secure page's). */
  frameOrigin: z.string().nullable(),
  /** The sandbox's test cards (empty for a live environment: its cards are the user's own). */
  testCards: z.array(TestCardSchema),
  /** Portal products usable by sku in Method 1 (the sandbox's catalogue; empty for live). */
  skus: z.array(z.object({ sku: z.string(), name: z.string(), price: z.number() })),
});
export type FlowsInfo = z.infer<typeof FlowsInfoSchema>;

/** Every step answers its exchange, the parsed value on success, and a validation problem on a 400 (see docs/service.md#validation-problem). */
const stepResult = <T extends z.ZodType>(value: T) =>
  z.object({
    exchange: FlowExchangeSchema,
    value: value.nullable(),
    problem: ValidationProblemSchema.nullable(),
  });

export const ORDER_ACTIONS = ['pay', 'cancel', 'finalize', 'delete', 'shipping', 'reverse'] as const;
export const OrderActionSchema = z.enum(ORDER_ACTIONS);
export type OrderAction = z.infer<typeof OrderActionSchema>;

export const OrderActionArgsSchema = z
  .object({
    /** The order code (or numeric order id) of a sandbox order. */
    orderCode: z.string().min(1).max(100),
    action: OrderActionSchema,
    /** pay: a test card number (default 4242…). */
    card: z.string().max(19).optional(),
    /** cancel: the reason carried in the Cancelled event. */
    reason: z.string().max(500).optional(),
    /** shipping: the status to move to, and the ETA carried on PENDING → ACCEPTED. */
    status: ShippingStatusSchema.optional(),
    preparationEtaMinutes: z.number().int().min(0).max(100_000).optional(),
    /** reverse: make the reversal fail (ReverseError). */
    fail: z.boolean().optional(),
  })
  .strict();
export type OrderActionArgs = z.infer<typeof OrderActionArgsSchema>;

export const flowsCalls = {
  'flows.info': defineCall(
    'The environment flows run against, the frame origin the CSP admits, test cards and portal products.',
    NoArgs,
    FlowsInfoSchema,
    { readOnly: true },
  ),
  'flows.createPaymentMethod': defineCall(
    'POST /paymentmethods on the active environment; the exchange with card number and cvv masked.',
    PaymentMethodRequestSchema,
    stepResult(PaymentMethodResponseSchema),
  ),
  'flows.charge': defineCall(
    'POST /charges: authenticationId null on the first attempt, the 3-D Secure id on the second.',
    ChargeRequestSchema,
    stepResult(ChargeResponseSchema),
  ),
  'flows.createPaymentLink': defineCall(
    'POST /paymentlink/checkout after checking the payment link limits (docs/service.md#payment-link-request); refused lists what failed them (nothing sent).',
    PaymentLinkRequestSchema,
    z.object({
      refused: z.record(z.string(), z.array(z.string())).nullable(),
      result: stepResult(PaymentLinkResponseSchema).nullable(),
    }),
  ),
  'flows.readPaymentLink': defineCall(
    'GET /paymentlink/order/{orderCode} on the active environment.',
    z.object({ orderCode: z.string().min(1).max(100) }).strict(),
    stepResult(PaymentLinkOrderSchema),
    { readOnly: true },
  ),
  'flows.orderAction': defineCall(
    'Sandbox only: pay, cancel, finalize, delete, ship (one step) or reverse an order through the control API.',
    OrderActionArgsSchema,
    stepResult(z.unknown()),
  ),
  'flows.handlerState': defineCall(
    "Chaos replay: GET the user's handler state URL (loopback only) and return its JSON, to set beside the derived state.",
    z.object({ url: z.string().min(1).max(2000) }).strict(),
    z.object({ status: z.number().int().nullable(), body: z.unknown(), error: z.string().nullable() }),
  ),
  ...flowsFuzzCalls,
} as const;
export const flowsEvents = {} as const;
