import { describe, expect, it } from 'vitest';
import { impliedCouponStatus, paymentView } from '../../../../shared/sequences';

const coupon = (over: Record<string, unknown> = {}) => ({ code: 'C', startDate: '2026-01-01T00:00:00Z', endDate: '2026-12-31T00:00:00Z', redemptionLimit: '5', redemptionCount: '1', status: 'Unredeemed', ...over });
const mid = Date.parse('2026-06-01T00:00:00Z');

describe('impliedCouponStatus (3.5)', () => {
  it('follows the dates and the redemption count', () => {
    expect(impliedCouponStatus(coupon(), mid)).toBe('Unredeemed');
    expect(impliedCouponStatus(coupon(), Date.parse('2025-06-01T00:00:00Z'))).toBe('Scheduled');
    expect(impliedCouponStatus(coupon(), Date.parse('2027-06-01T00:00:00Z'))).toBe('Expired');
    expect(impliedCouponStatus(coupon({ redemptionCount: '5' }), mid)).toBe('Redeemed');
    expect(impliedCouponStatus(coupon({ endDate: undefined }), mid)).toBeNull();
  });
});

describe('paymentView', () => {
  it('reads buyer, totals and lines with their coupons', () => {
    const v = paymentView('k', {
      BuyerName: 'Ana', BuyerEmail: 'a@x', BuyerPhone: '1', BuyerExternalId: 'b1', PaidAmount: '12.00',
      OrderTotalDetails: { subtotal: '10.00', shippingAmount: '2.00', discountAmount: '0.00', surchargeAmount: '0.00', total: '12.00' },
      orderDetail: [{ name: 'Café', sku: 'CAFE', quantity: '2', price: '5.00', promoPrice: null, requiresShipping: true, coupon: null }, { name: 'Cupón', sku: 'CUP', quantity: '1', price: '0', coupon: coupon() }],
    }, mid);
    expect(v.buyer).toEqual({ name: 'Ana', email: 'a@x', phone: '1', externalId: 'b1' });
    expect(v.totals?.total).toBe('12.00');
    expect(v.lines.map((l) => [l.name, l.coupon?.impliedStatus ?? null])).toEqual([['Café', null], ['Cupón', 'Unredeemed']]);
  });
  it('survives metadata of the wrong shape', () => {
    expect(paymentView('k', { orderDetail: 'x', OrderTotalDetails: 3 }, mid)).toMatchObject({ totals: null, lines: [] });
    expect(paymentView('k', null, mid).buyer.name).toBe('');
  });
});
