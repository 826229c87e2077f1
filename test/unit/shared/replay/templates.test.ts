import { describe, expect, it } from 'vitest';
import { eventTemplate, eventTemplateText } from '../../../../shared/replay/templates';
import { EVENT_TYPES, ORDER_TYPES } from '../../../../shared/service';
import { OrderDetailItemSchema, ShippingUpdateMetadataSchema, SuccessPaymentMetadataSchema, WebhookEventSchema } from '../../../../shared/service/webhooks';
import { largeEvent } from '../../../../electron/features/replay/check-requests';

describe('event templates', () => {
  it.each(EVENT_TYPES)('%s is a 2.8 event with its orderType on it', (type) => {
    for (const orderType of ORDER_TYPES) {
      const e = WebhookEventSchema.parse(JSON.parse(eventTemplateText(type, { orderId: '7', orderReference: null, orderType })));
      expect(e).toMatchObject({ type, orderType, orderId: '7' });
    }
  });

  it('SuccessPayment carries the complete 6.5 metadata with orderDetail, OrderTotalDetails and a coupon', () => {
    const metadata = SuccessPaymentMetadataSchema.strict().parse(eventTemplate('SuccessPayment').metadata);
    const items = metadata.orderDetail.map((i) => OrderDetailItemSchema.strict().parse(i));
    expect(items.some((i) => i.coupon !== null)).toBe(true);
    expect(Object.keys(metadata.OrderTotalDetails).sort()).toEqual(['discountAmount', 'shippingAmount', 'subtotal', 'surchargeAmount', 'total']);
  });

  it('Updated has PreviousStatus, NewStatus and PreparationEtaMinutes; each 3DS event its metadata', () => {
    expect(ShippingUpdateMetadataSchema.parse(eventTemplate('Updated').metadata)).toEqual({
      PreviousStatus: 'PENDING',
      NewStatus: 'ACCEPTED',
      PreparationEtaMinutes: '25',
    });
    expect(Object.keys(eventTemplate('ThreeDSecureAuthSucceeded').metadata!)).toEqual(['authenticationId']);
    expect(Object.keys(eventTemplate('ThreeDSecureAuthExpired').metadata!)).toEqual(['authenticationId']);
    expect(Object.keys(eventTemplate('ThreeDSecureAuthError').metadata!).sort()).toEqual(['authenticationId', 'description', 'reason']);
    expect(Object.keys(eventTemplate('ThreeDSecureAuthFailed').metadata!).sort()).toEqual(['authenticationId', 'description', 'reason']);
    expect(eventTemplate('PaymentError').level).toBe('Error');
  });

  it('the handler check’s large event is a valid SuccessPayment of at least 1 MiB', () => {
    const body = largeEvent('o1');
    expect(body.length).toBeGreaterThanOrEqual(1024 * 1024);
    expect(body.length).toBeLessThan(1.2 * 1024 * 1024);
    SuccessPaymentMetadataSchema.parse(WebhookEventSchema.parse(JSON.parse(body)).metadata);
  });
});
