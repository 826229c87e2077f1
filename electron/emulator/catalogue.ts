import type { CouponStatus } from '../../shared/service';
import type { CouponTemplate } from '../../shared/emulator/catalogue';

/** Branch codes of the sandbox merchant portal; `MAIN` is the default branch. */
export const BRANCHES = ['MAIN', 'SUC-CENTRO', 'SUC-NORTE'] as const;
export const DEFAULT_BRANCH = 'MAIN';

/** The store object (see docs/service.md#payment-link-order), identical for every sandbox store apart from its name. */
export function storeInfo(name: string) {
  return {
    name,
    countryCode: 'SLV',
    currencyCode: 'USD',
    currencySymbol: '$',
    locale: 'es-SV',
    timezone: 'America/El_Salvador',
  };
}
export const CURRENCY = 'USD';

/**
 * Status of a coupon (see docs/service.md#coupon-status). Its dates are relative to now, so start > now means Scheduled,
 * end < now means Expired, and a coupon at its redemption limit is Redeemed.
 */
export function couponStatus(c: CouponTemplate): CouponStatus {
  if (c.startOffsetDays > 0) return 'Scheduled';
  if (c.endOffsetDays < 0) return 'Expired';
  if (c.redemptionCount >= c.redemptionLimit) return 'Redeemed';
  return 'Unredeemed';
}

/** The coupon object (see docs/service.md#successpayment-metadata) for a product at `nowMs`. */
export function couponObject(c: CouponTemplate, nowMs: number) {
  const day = 86_400_000;
  return {
    code: c.code,
    qrCodeUrl: `https://sandbox.invalid/qr/${c.code}.png`,
    startDate: new Date(nowMs + c.startOffsetDays * day).toISOString(),
    endDate: new Date(nowMs + c.endOffsetDays * day).toISOString(),
    redemptionLimit: String(c.redemptionLimit),
    redemptionCount: String(c.redemptionCount),
    status: couponStatus(c),
  };
}
