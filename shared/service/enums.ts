import { z } from 'zod';

/** Event types (see docs/service.md#event-types). */
export const EVENT_TYPES = [
  'Created',
  'SuccessPayment',
  'Cancelled',
  'Finalized',
  'Updated',
  'Deleted',
  'SuccessReverse',
  'ReverseError',
  'PaymentError',
  'ThreeDSecureAuthSucceeded',
  'ThreeDSecureAuthError',
  'ThreeDSecureAuthExpired',
  'ThreeDSecureAuthFailed',
] as const;
export const EventTypeSchema = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof EventTypeSchema>;

/** Levels (see docs/service.md#webhook-event). */
export const LEVELS = ['Info', 'Warning', 'Error'] as const;
export const LevelSchema = z.enum(LEVELS);
export type Level = z.infer<typeof LevelSchema>;

/** Each event type's level, as the service sends it (see docs/service.md#event-types). */
export const EVENT_LEVELS: Readonly<Record<EventType, Level>> = {
  Created: 'Info',
  SuccessPayment: 'Info',
  Cancelled: 'Info',
  Finalized: 'Info',
  Updated: 'Info',
  Deleted: 'Info',
  SuccessReverse: 'Info',
  ReverseError: 'Error',
  PaymentError: 'Error',
  ThreeDSecureAuthSucceeded: 'Info',
  ThreeDSecureAuthError: 'Error',
  ThreeDSecureAuthExpired: 'Info',
  ThreeDSecureAuthFailed: 'Error',
};

/**
 * orderType values (see docs/service.md#order-types). The spec names the card payment API's value only as
 * "the service"; we use the literal string the spec prints.
 */
export const ORDER_TYPES = [
  'COUPON_APP',
  'GIFTCARDS',
  'FASTLINK_CHARGE',
  'FULL',
  'STOREFRONT',
  'SUBSCRIPTION',
  'MENU_APP',
  'the service',
  'SUPER_APP',
  'COURIER',
  'MARKETPLACE',
] as const;
export const OrderTypeSchema = z.enum(ORDER_TYPES);
export type OrderType = z.infer<typeof OrderTypeSchema>;
/** orderType carried by events of orders made through the card charge API. */
export const CARD_API_ORDER_TYPE: OrderType = 'the service';

/** Payment link order status (see docs/service.md#order-status). */
export const ORDER_STATUSES = ['PENDING', 'PAID', 'CANCELLED', 'FINALIZED'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** Shipping status (see docs/service.md#shipping-status). */
export const SHIPPING_STATUSES = [
  'PENDING',
  'ACCEPTED',
  'READY',
  'DISPATCHED',
  'ON_ITS_WAY',
  'DELIVERED',
  'SCHEDULED',
  'REJECTED',
] as const;
export const ShippingStatusSchema = z.enum(SHIPPING_STATUSES);
export type ShippingStatus = z.infer<typeof ShippingStatusSchema>;

/** 3DS authentication status carried by the frame message (see docs/service.md#3-d-secure-status). */
export const THREE_DS_STATUSES = ['PENDING', 'SUCCESS', 'FAILED', 'ERROR', 'EXPIRED'] as const;
export const ThreeDsStatusSchema = z.enum(THREE_DS_STATUSES);
export type ThreeDsStatus = z.infer<typeof ThreeDsStatusSchema>;

/** Coupon status inside SuccessPayment metadata (see docs/service.md#coupon-status). */
export const COUPON_STATUSES = ['Unredeemed', 'Redeemed', 'Expired', 'Scheduled'] as const;
export const CouponStatusSchema = z.enum(COUPON_STATUSES);
export type CouponStatus = z.infer<typeof CouponStatusSchema>;

/** Charge status (see docs/service.md#charge-status). */
export const CHARGE_STATUSES = ['FAILED', 'SUCCEEDED', 'AUTHENTICATION_REQUIRED'] as const;
export const ChargeStatusSchema = z.enum(CHARGE_STATUSES);
export type ChargeStatus = z.infer<typeof ChargeStatusSchema>;
