import type { Level } from '../../../../shared/service';

/** The richest metadata of the spec: a paid order (6.5) with a line item carrying a coupon (3.5). */
function successPaymentMetadata(): Record<string, unknown> {
  return {
    PaymentId: 'pay_custom_1',
    ChargeId: 'ch_custom_1',
    Status: 'SUCCEEDED',
    AuthorizationCode: '004512',
    SequentialNumber: '000123',
    AccountId: 'acct_custom',
    PaymentProcessor: 'SANDBOX_PROCESSOR',
    PaymentProcessorReference: 'spr_ch_custom_1',
    TransactionDate: '2026-01-15T10:30:00.000Z',
    PaidAmount: '25.00',
    BuyerName: 'Ana Silva',
    BuyerPhone: '+34600000000',
    BuyerEmail: 'ana.silva@example.com',
    BuyerExternalId: 'buyer-42',
    CheckoutNote: '',
    OrderReference: 'custom-1',
    OrderTotalDetails: { subtotal: '25.00', shippingAmount: '0.00', discountAmount: '0.00', surchargeAmount: '0.00', total: '25.00' },
    IsManagedPaymentMethod: true,
    InvoiceName: 'Ana Silva',
    InvoiceAddress: '',
    InvoiceTaxCode: '',
    orderDetail: [
      {
        orderItemId: '900001-1',
        itemId: '1001',
        name: 'Spring voucher',
        price: '25.00',
        promoId: null,
        promoPrice: null,
        promoName: null,
        quantity: '1',
        modifiersTotal: '0.00',
        sku: 'VOUCHER-SPRING',
        productImageUrl: '',
        modifiers: [],
        note: null,
        description: 'A voucher redeemable in store',
        quantityAvailable: '99',
        requiresShipping: false,
        productMetadata: null,
        coupon: {
          code: 'SPRING-7731',
          qrCodeUrl: 'https://sandbox.invalid/qr/SPRING-7731.png',
          startDate: '2026-01-01T00:00:00.000Z',
          endDate: '2026-12-31T00:00:00.000Z',
          redemptionLimit: '1',
          redemptionCount: '0',
          status: 'Unredeemed',
        },
      },
    ],
  };
}

/** Event types of the spec (6.4) with their level, to start a custom event from. */
export const EVENT_TYPES: readonly { type: string; level: Level; metadata: Record<string, unknown> | null }[] = [
  { type: 'Created', level: 'Info', metadata: null },
  { type: 'SuccessPayment', level: 'Info', metadata: successPaymentMetadata() },
  { type: 'Cancelled', level: 'Info', metadata: null },
  { type: 'Finalized', level: 'Info', metadata: null },
  { type: 'Updated', level: 'Info', metadata: { PreviousStatus: 'PENDING', NewStatus: 'ACCEPTED', PreparationEtaMinutes: '20' } },
  { type: 'Deleted', level: 'Info', metadata: null },
  { type: 'SuccessReverse', level: 'Info', metadata: null },
  { type: 'ReverseError', level: 'Error', metadata: null },
  { type: 'PaymentError', level: 'Error', metadata: null },
  { type: 'ThreeDSecureAuthSucceeded', level: 'Info', metadata: { authenticationId: 'auth_custom_1' } },
  { type: 'ThreeDSecureAuthError', level: 'Error', metadata: { authenticationId: 'auth_custom_1', reason: 'CARDHOLDER', description: 'Wrong cardholder data' } },
  { type: 'ThreeDSecureAuthExpired', level: 'Info', metadata: { authenticationId: 'auth_custom_1' } },
  { type: 'ThreeDSecureAuthFailed', level: 'Error', metadata: { authenticationId: 'auth_custom_1', reason: 'PROVIDER', description: 'Provider unavailable' } },
];

/** A complete 2.8 event of the given type, as editable JSON. */
export function eventTemplate(type: string): string {
  const known = EVENT_TYPES.find((t) => t.type === type);
  return JSON.stringify(
    {
      orderId: '900001',
      orderReference: 'custom-1',
      orderType: 'FASTLINK_CHARGE',
      description: `Custom ${type} event sent from Hooklab`,
      level: known?.level ?? 'Info',
      type,
      metadata: known?.metadata ?? null,
    },
    null,
    2,
  );
}
