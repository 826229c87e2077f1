import { describe, expect, it } from 'vitest';
import { checkPaymentLinkRequest } from '../../../../shared/flows/payment-link-checks';

describe('checkPaymentLinkRequest (2.6, section 8)', () => {
  it('accepts Method 1 with a sku and a one-time product, and Method 2 with an amount', () => {
    expect(checkPaymentLinkRequest({ lineItems: [{ sku: 'CAFE-250', quantity: 1 }, { product: { name: 'Taza', price: 3 }, quantity: 2 }] })).toEqual({});
    expect(checkPaymentLinkRequest({ amount: 0.01, orderReference: 'r'.repeat(255), orderDescription: 'd'.repeat(2048) })).toEqual({});
  });

  it('wants exactly one method', () => {
    expect(checkPaymentLinkRequest({})).toEqual({ amount: ['Give an amount (Method 2) or line items (Method 1).'] });
    expect(Object.keys(checkPaymentLinkRequest({ amount: 5, lineItems: [{ sku: 'A', quantity: 1 }] }))).toEqual(['amount']);
    expect(checkPaymentLinkRequest({ lineItems: [] })).toEqual({ lineItems: ['Method 1 needs at least one line item.'] });
  });

  it('names each field over its limit with its length', () => {
    const errors = checkPaymentLinkRequest({
      amount: 1,
      orderReference: 'r'.repeat(256),
      orderName: 'n'.repeat(256),
      orderDescription: 'd'.repeat(2049),
    });
    expect(errors).toEqual({
      orderReference: ['orderReference is 256 characters; at most 255 are allowed.'],
      orderName: ['orderName is 256 characters; at most 255 are allowed.'],
      orderDescription: ['orderDescription is 2049 characters; at most 2048 are allowed.'],
    });
  });

  it('checks every line item, metadata entry and the expiry', () => {
    const errors = checkPaymentLinkRequest({
      lineItems: [
        { quantity: 1 },
        { sku: 'A', product: { name: 'x', price: 1 }, quantity: 1 },
        { product: { name: ' ', price: 0, imageUrl: 'u'.repeat(513) }, quantity: 1.5 },
      ],
      metadata: [{ name: '', value: '' }],
      expirationMinutes: 0,
    });
    expect(Object.keys(errors).sort()).toEqual([
      'expirationMinutes',
      'lineItems[0]',
      'lineItems[1]',
      'lineItems[2].product.imageUrl',
      'lineItems[2].product.name',
      'lineItems[2].product.price',
      'lineItems[2].quantity',
      'metadata[0].name',
      'metadata[0].value',
    ]);
  });

  it('refuses a negative or non-numeric amount', () => {
    expect(checkPaymentLinkRequest({ amount: -1 }).amount).toEqual(['The amount must be greater than 0.']);
    expect(checkPaymentLinkRequest({ amount: Number.NaN }).amount).toEqual(['The amount must be greater than 0.']);
  });
});
