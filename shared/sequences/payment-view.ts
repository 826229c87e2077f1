import type { CouponStatus } from '../service/enums';
import type { PaymentView } from './model';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

/**
 * The coupon status (docs/service.md#coupon-status) implied at `atMs`: before startDate Scheduled, past endDate Expired, at
 * its redemption limit Redeemed, otherwise Unredeemed. Null when the dates cannot be read.
 */
export function impliedCouponStatus(coupon: Obj, atMs: number): CouponStatus | null {
  const start = Date.parse(str(coupon['startDate']) ?? '');
  const end = Date.parse(str(coupon['endDate']) ?? '');
  if (!Number.isFinite(start) || !Number.isFinite(end)) return null;
  if (atMs < start) return 'Scheduled';
  if (atMs > end) return 'Expired';
  const limit = Number(str(coupon['redemptionLimit']));
  const count = Number(str(coupon['redemptionCount']));
  if (Number.isFinite(limit) && Number.isFinite(count) && str(coupon['redemptionLimit']) !== null && count >= limit) return 'Redeemed';
  return 'Unredeemed';
}

/**
 * SuccessPayment metadata (see docs/service.md#successpayment-metadata) for people: buyer, totals, lines and coupons. Lenient: a field
 * of the wrong type shows as absent instead of failing the order (the event's problems say why).
 */
export function paymentView(eventKey: string, metadata: Obj | null, atMs: number): PaymentView {
  const m = metadata ?? {};
  const totals = isObj(m['OrderTotalDetails']) ? m['OrderTotalDetails'] : null;
  const lines = Array.isArray(m['orderDetail']) ? m['orderDetail'].filter(isObj) : [];
  return {
    eventKey,
    buyer: {
      name: str(m['BuyerName']) ?? '',
      email: str(m['BuyerEmail']) ?? '',
      phone: str(m['BuyerPhone']) ?? '',
      externalId: str(m['BuyerExternalId']) ?? '',
    },
    paidAmount: str(m['PaidAmount']),
    transactionDate: str(m['TransactionDate']),
    paymentId: str(m['PaymentId']),
    authorizationCode: str(m['AuthorizationCode']),
    totals: totals && {
      subtotal: str(totals['subtotal']) ?? '',
      shippingAmount: str(totals['shippingAmount']) ?? '',
      discountAmount: str(totals['discountAmount']) ?? '',
      surchargeAmount: str(totals['surchargeAmount']) ?? '',
      total: str(totals['total']) ?? '',
    },
    lines: lines.map((line) => {
      const coupon = isObj(line['coupon']) ? line['coupon'] : null;
      return {
        name: str(line['name']) ?? '',
        sku: str(line['sku']) ?? '',
        quantity: str(line['quantity']) ?? '',
        price: str(line['price']) ?? '',
        promoPrice: str(line['promoPrice']),
        requiresShipping: typeof line['requiresShipping'] === 'boolean' ? line['requiresShipping'] : null,
        coupon: coupon && {
          code: str(coupon['code']) ?? '',
          startDate: str(coupon['startDate']),
          endDate: str(coupon['endDate']),
          redemptionLimit: str(coupon['redemptionLimit']),
          redemptionCount: str(coupon['redemptionCount']),
          status: str(coupon['status']),
          impliedStatus: impliedCouponStatus(coupon, atMs),
        },
      };
    }),
  };
}
