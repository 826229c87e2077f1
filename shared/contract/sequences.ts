/**
 * Calls and events of the Sequences area: every received and history delivery grouped by order,
 * each order's events in event-created order beside their arrival order, the order, shipping
 * and 3-D Secure states derived from them, and the flags where the sequence went wrong.
 */
import { z } from 'zod';
import { defineCall, defineEvent } from './define';
import { BadInputSchema, DerivedOrderStatusSchema, FlagKindSchema, OrderDetailSchema, OrderSummarySchema } from '../sequences/model';

// The order model is the pure rules' own (shared/sequences/model.ts); the calls carry it.
export * from '../sequences/model';

export const OrdersQuerySchema = z
  .object({
    orderType: z.string().max(64).optional(),
    status: DerivedOrderStatusSchema.optional(),
    hasFlags: z.boolean().optional(),
    flagKind: FlagKindSchema.optional(),
    text: z.string().max(200).optional(),
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(50_000).default(200),
  })
  .strict();

export const sequencesCalls = {
  'sequences.list': defineCall(
    'Orders grouped from received and history deliveries, newest activity first; filters orderType, status, hasFlags, flagKind, text; paged.',
    OrdersQuerySchema,
    z.object({
      total: z.number().int(),
      /** Every order before filtering. */
      allOrders: z.number().int(),
      orders: z.array(OrderSummarySchema),
      orderTypes: z.array(z.string()),
      /** Deliveries that belong to no order (no orderId, not JSON), with the reason; the first 200. */
      unassigned: z.array(BadInputSchema),
      unassignedTotal: z.number().int(),
    }),
    { readOnly: true },
  ),
  'sequences.get': defineCall(
    "One order's events (event id, type, created, arrival, deliveries), derived order, shipping and 3-D Secure states, and flags.",
    z.object({ orderId: z.union([z.string().min(1).max(200), z.number()]) }).strict(),
    OrderDetailSchema,
    { readOnly: true },
  ),
} as const;

export const sequencesEvents = {
  'sequences.changed': defineEvent(
    'Orders changed (coalesced, at most a few a second): the ids of the orders that changed (up to 500) and the order count.',
    z.object({ orderIds: z.array(z.string()), more: z.boolean(), orders: z.number().int() }),
  ),
} as const;
