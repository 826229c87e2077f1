/**
 * What Sequences derives from deliveries, as data: an order's events, states, flags and bad
 * inputs, with their words (FLAG_KINDS, PAYMENT_STATES...). The pure rules in shared/sequences
 * produce these; the contract's sequences.* calls carry them (shared/contract/sequences.ts).
 */
import { z } from 'zod';
import { COUPON_STATUSES, ORDER_STATUSES, ShippingStatusSchema, ThreeDsStatusSchema } from '../service/enums';

/** The file a received delivery was imported from (Live's `imported`): never received by this listener. */
export const ImportMarkSchema = z.object({ importId: z.number().int(), fileName: z.string() });

/**
 * Where a delivery is stored: the listener's received deliveries, or the history copy.
 * `imported` is set by `sequences.get` on a received delivery that came from an imported file.
 */
export const DeliveryRefSchema = z.object({ source: z.enum(['live', 'history']), id: z.number().int(), imported: ImportMarkSchema.optional() });
export type DeliveryRef = z.infer<typeof DeliveryRefSchema>;

export const FLAG_KINDS = [
  'out-of-order',
  'duplicate',
  'illegal-transition',
  'skipped-step',
  'unspecified-transition',
  'after-final',
  '3ds-not-confirmed',
  'unverified',
] as const;
export const FlagKindSchema = z.enum(FLAG_KINDS);
export type FlagKind = z.infer<typeof FlagKindSchema>;

/** Something wrong (or, for unspecified-transition, merely unjudged) in an order's sequence. */
export const FlagSchema = z.object({
  kind: FlagKindSchema,
  /** Keys of the events concerned, the flagged one first. */
  eventKeys: z.array(z.string()),
  /** A sentence for people. */
  message: z.string(),
});
export type Flag = z.infer<typeof FlagSchema>;

/** The service's order statuses (docs/service.md#order-status), and `deleted` once a Deleted event came. */
export const DERIVED_ORDER_STATUSES = [...ORDER_STATUSES, 'deleted'] as const;
export const DerivedOrderStatusSchema = z.enum(DERIVED_ORDER_STATUSES);
export type DerivedOrderStatus = z.infer<typeof DerivedOrderStatusSchema>;

/** What happened to the money, beside the order status (reversals do not change the order status, docs/service.md#order-status). */
export const PAYMENT_STATES = ['none', 'paid', 'payment-error', 'reversed', 'reverse-error'] as const;
export const PaymentStateSchema = z.enum(PAYMENT_STATES);

/** How a 3-D Secure attempt ended: the service's 3DS statuses (docs/service.md#3-d-secure-status) but PENDING. */
export const ThreeDsOutcomeSchema = ThreeDsStatusSchema.exclude(['PENDING']);

/** How the extra copies of one event came about. */
export const DuplicateSourcesSchema = z.object({
  /** The service's automatic retries (see docs/service.md#delivery-semantics): the same event id arriving again within seconds. */
  retry: z.number().int(),
  /** Resends (see docs/service.md#resend): a new history delivery of the same event id. */
  resend: z.number().int(),
  /** A second webhook URL of the store: the same event under another event id (see docs/service.md#webhook-registration). */
  secondUrl: z.number().int(),
});
export type DuplicateSources = z.infer<typeof DuplicateSourcesSchema>;

/** One event of an order: every copy of it (event ids, deliveries) collapsed into one row. */
export const SequenceEventSchema = z.object({
  key: z.string(),
  eventIds: z.array(z.number().int()),
  type: z.string(),
  level: z.string().nullable(),
  description: z.string().nullable(),
  /** X-Svc-Event-Created / eventCreated; null for unlogged deliveries (see docs/service.md#unlogged-deliveries). */
  created: z.string().nullable(),
  /** First arrival at the listener, or the service's first delivery log time when never received here. */
  arrivedAt: z.string().nullable(),
  /** 1-based position in event-created order and in arrival order. */
  createdRank: z.number().int(),
  arrivalRank: z.number().int(),
  copies: z.number().int(),
  duplicateSources: DuplicateSourcesSchema,
  deliveries: z.array(DeliveryRefSchema),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  /** Metadata that does not follow the spec (the event stays in the timeline, unused for that state). */
  problems: z.array(z.string()),
  /**
   * verified: a copy verified with a configured key, or the service's history has it;
   * unverified: a key was configured and no copy verified (kept apart, never used for the
   * order's states when the order has verified evidence); unchecked: received with no key.
   */
  signature: z.enum(['verified', 'unverified', 'unchecked']),
});
export type SequenceEvent = z.infer<typeof SequenceEventSchema>;

/** One shipping move (see docs/service.md#shipping-status) and its verdict. */
export const ShippingStepSchema = z.object({
  eventKey: z.string(),
  from: ShippingStatusSchema,
  to: ShippingStatusSchema,
  /** What the order was in before this event (may differ from `from`: illegal). */
  was: ShippingStatusSchema,
  etaMinutes: z.number().nullable(),
  verdict: z.enum(['ok', 'illegal', 'skipped', 'unspecified']),
});
export type ShippingStep = z.infer<typeof ShippingStepSchema>;

export const ThreeDsAttemptSchema = z.object({
  authenticationId: z.string(),
  outcome: ThreeDsOutcomeSchema,
  eventKeys: z.array(z.string()),
  /** A SuccessPayment followed a SUCCESS (null when the outcome is not SUCCESS). */
  confirmed: z.boolean().nullable(),
  reason: z.string().nullable(),
});
export type ThreeDsAttempt = z.infer<typeof ThreeDsAttemptSchema>;

/** Something that could not be read as an event of the spec, with why; never dropped. */
export const BadInputSchema = z.object({
  delivery: DeliveryRefSchema,
  orderId: z.string().nullable(),
  eventId: z.number().int().nullable(),
  reason: z.string(),
  at: z.string().nullable(),
});
export type BadInput = z.infer<typeof BadInputSchema>;

export const CouponViewSchema = z.object({
  code: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  redemptionLimit: z.string().nullable(),
  redemptionCount: z.string().nullable(),
  status: z.string().nullable(),
  /** The coupon status (docs/service.md#coupon-status) the dates and counts imply at the event's time, when it can be told. */
  impliedStatus: z.enum(COUPON_STATUSES).nullable(),
});

/** SuccessPayment metadata (see docs/service.md#successpayment-metadata) for people. */
export const PaymentViewSchema = z.object({
  eventKey: z.string(),
  buyer: z.object({ name: z.string(), email: z.string(), phone: z.string(), externalId: z.string() }),
  paidAmount: z.string().nullable(),
  transactionDate: z.string().nullable(),
  paymentId: z.string().nullable(),
  authorizationCode: z.string().nullable(),
  totals: z
    .object({ subtotal: z.string(), shippingAmount: z.string(), discountAmount: z.string(), surchargeAmount: z.string(), total: z.string() })
    .nullable(),
  lines: z.array(
    z.object({
      name: z.string(),
      sku: z.string(),
      quantity: z.string(),
      price: z.string(),
      promoPrice: z.string().nullable(),
      requiresShipping: z.boolean().nullable(),
      coupon: CouponViewSchema.nullable(),
    }),
  ),
});
export type PaymentView = z.infer<typeof PaymentViewSchema>;

/** One order in the list. */
export const OrderSummarySchema = z.object({
  orderId: z.string(),
  orderType: z.string().nullable(),
  orderReference: z.string().nullable(),
  status: DerivedOrderStatusSchema,
  payment: PaymentStateSchema,
  shipping: ShippingStatusSchema.nullable(),
  threeDs: ThreeDsOutcomeSchema.nullable(),
  events: z.number().int(),
  flagKinds: z.array(FlagKindSchema),
  flags: z.number().int(),
  badInputs: z.number().int(),
  lastActivityAt: z.string(),
  /** Every event of the order is unverified: its states come from deliveries nobody vouched for. */
  unverifiedOnly: z.boolean(),
  /**
   * A verified delivery supports the order (verified with a configured key, or in the service's
   * history). False for an order known only from unverified or unchecked deliveries.
   */
  verified: z.boolean(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

/** One order in full: its timeline, states and flags. */
export const OrderDetailSchema = z.object({
  summary: OrderSummarySchema,
  events: z.array(SequenceEventSchema),
  /** Order statuses reached, in event-created order, with the event that moved there. */
  orderPath: z.array(z.object({ status: DerivedOrderStatusSchema, eventKey: z.string().nullable() })),
  shippingSteps: z.array(ShippingStepSchema),
  threeDsAttempts: z.array(ThreeDsAttemptSchema),
  payment: PaymentViewSchema.nullable(),
  flags: z.array(FlagSchema),
  badInputs: z.array(BadInputSchema),
  /** The grace period of 3ds-not-confirmed, and when the order should be judged again. */
  graceMs: z.number().int(),
  recheckAt: z.string().nullable(),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;
