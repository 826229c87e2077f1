import type { OrderStatus, ShippingStatus, ThreeDsStatus, WebhookDelivery } from '../../shared/service';
import type { ProductFields } from '../../shared/emulator/catalogue';

/** Fault injection per store (PUT /_sandbox/stores/{id}/chaos). Rates are probabilities 0..1. */
export interface ChaosSettings {
  /** Probability that a delivery is sent twice (same headers, one history entry). */
  duplicateRate: number;
  /** Each delivery waits a random 0..window ms before sending, so events can overtake each other. */
  reorderWindowMs: number;
  /** Probability that a delivery cannot be logged: sent without id headers, absent from history. */
  unloggedRate: number;
  /** Delay added to every service API response of the store (not the control API). */
  slowResponsesMs: number;
  /** When true, every Resend answers 500 "could not be logged" (after sending). */
  failResendLogging: boolean;
}

export const NO_CHAOS: ChaosSettings = {
  duplicateRate: 0,
  reorderWindowMs: 0,
  unloggedRate: 0,
  slowResponsesMs: 0,
  failResendLogging: false,
};

/** A merchant store: credentials plus the portal's webhook setting. */
export interface StoreRecord {
  storeId: string;
  name: string;
  clientId: string;
  clientSecret: string;
  secretKey: string;
  webhookKey: string;
  /**
   * True when the sandbox generated `webhookKey` itself, false when it was given one (a test's
   * fixed key); absent in records an earlier version wrote (see store-keys.ts).
   */
  webhookKeyOwn?: boolean;
  /** The portal setting verbatim: may hold several URLs separated by `;`, or be empty. */
  webhookUrl: string;
  chaos: ChaosSettings;
  created: string;
}

/** One logged delivery (see docs/service.md#webhook-delivery) plus the owning store and a parsed timestamp for filters. */
export interface DeliveryRecord extends WebhookDelivery {
  storeId: string;
  createdMs: number;
}

/** An order line: a catalogue product by sku (Method 1) or an ad-hoc product without one. */
export interface LineItemRecord extends ProductFields {
  sku: string | null;
  quantity: number;
  imageUrl: string | null;
  subTotal: number;
  /** Catalogue coupon template, resolved to a coupon object when the order is paid. */
  couponSku: string | null;
}

export interface PaymentRecord {
  paymentId: string;
  chargeId: string;
  authorizationCode: string;
  sequentialNumber: string;
  voucherUrl: string;
  buyer: { name: string; phone: string; email: string; externalId: string };
  paidAt: string;
  amount: number;
  /** NONE until a reversal is attempted. */
  reversal: 'NONE' | 'REVERSED' | 'FAILED';
}

/** An order of the service: from a payment link or from a card charge. */
export interface OrderRecord {
  orderId: number;
  orderCode: string;
  storeId: string;
  source: 'payment-link' | 'charge';
  orderType: string;
  orderReference: string | null;
  name: string;
  description: string | null;
  lineItems: LineItemRecord[];
  subtotal: number;
  shippingAmount: number;
  discountAmount: number;
  surchargeAmount: number;
  total: number;
  currency: string;
  metadata: { name: string; value: string }[];
  successUrl: string | null;
  cancelUrl: string | null;
  locationCode: string;
  status: OrderStatus;
  deleted: boolean;
  shippingStatus: ShippingStatus | null;
  payment: PaymentRecord | null;
  expiresAtMs: number | null;
  created: string;
  updated: string;
}

export interface PaymentMethodRecord {
  id: string;
  storeId: string;
  last4: string;
  number: string;
  brand: string;
  issuerName: string;
  countryCode: string;
  singleUse: boolean;
  used: boolean;
  customer: { id: string; name: string; email: string; phoneNumber: string };
  created: string;
}

/** A 3DS authentication opened by a charge that answered AUTHENTICATION_REQUIRED. */
export interface AuthenticationRecord {
  id: string;
  storeId: string;
  orderId: number;
  /** Integrator's order id of the charge (`order.id`), echoed as OrderId in the frame message. */
  orderReference: string;
  amount: number;
  cardId: string;
  status: ThreeDsStatus;
  expiresAtMs: number;
  /** Set when a charge has consumed a SUCCESS authentication: it confirms one charge only. */
  consumed: boolean;
}
