import type { PaymentView } from '../../../../shared/contract/sequences';

/** SuccessPayment metadata (see docs/service.md#successpayment-metadata) for people: buyer, totals, lines and coupons with their status (docs/service.md#coupon-status). */
export function PaymentDetails({ payment }: { payment: PaymentView }) {
  const t = payment.totals;
  return (
    <section className="card seq-payment" data-testid="sequence-payment">
      <h3 className="card__title">Payment</h3>
      <dl className="kv">
        <dt>Buyer</dt>
        <dd data-testid="payment-buyer">
          {payment.buyer.name || '—'} {payment.buyer.email && `· ${payment.buyer.email}`} {payment.buyer.phone && `· ${payment.buyer.phone}`}
        </dd>
        <dt>Paid</dt>
        <dd>
          {payment.paidAmount ?? '—'} {payment.transactionDate && `on ${payment.transactionDate}`}
        </dd>
        {payment.authorizationCode && (
          <>
            <dt>Authorization</dt>
            <dd>
              {payment.authorizationCode} {payment.paymentId && `· ${payment.paymentId}`}
            </dd>
          </>
        )}
        {t && (
          <>
            <dt>Totals</dt>
            <dd data-testid="payment-totals">
              subtotal {t.subtotal} + shipping {t.shippingAmount} − discount {t.discountAmount} + surcharge {t.surchargeAmount} = <strong>{t.total}</strong>
            </dd>
          </>
        )}
      </dl>
      {payment.lines.length > 0 && (
        <table className="table seq-lines" data-testid="payment-lines">
          <thead>
            <tr>
              <th>Item</th>
              <th>SKU</th>
              <th>Qty</th>
              <th>Price</th>
              <th>Coupon</th>
            </tr>
          </thead>
          <tbody>
            {payment.lines.map((l, i) => (
              <tr key={i}>
                <td>
                  {l.name}
                  {l.requiresShipping && <span className="muted"> · ships</span>}
                </td>
                <td className="mono">{l.sku}</td>
                <td className="mono">{l.quantity}</td>
                <td className="mono">
                  {l.promoPrice ? (
                    <>
                      <s>{l.price}</s> {l.promoPrice}
                    </>
                  ) : (
                    l.price
                  )}
                </td>
                <td data-testid="payment-coupon">
                  {l.coupon && (
                    <>
                      <span className="mono">{l.coupon.code}</span> <span className="badge">{l.coupon.status ?? 'no status'}</span>{' '}
                      {l.coupon.impliedStatus && l.coupon.impliedStatus !== l.coupon.status && (
                        <span className="seq-problem">dates and count say {l.coupon.impliedStatus}</span>
                      )}
                      <div className="muted">
                        {l.coupon.startDate ?? '?'} → {l.coupon.endDate ?? '?'} · redeemed {l.coupon.redemptionCount ?? '?'}/{l.coupon.redemptionLimit ?? '?'}
                      </div>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
