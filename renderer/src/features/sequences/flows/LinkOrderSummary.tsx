import type { PaymentLinkOrder, PaymentLinkResponse } from '../../../../../shared/service';

const money = (n: number) => n.toFixed(2);

/** The created link (the creation answer, docs/service.md#payment-link-request) and, once read back, the order (see docs/service.md#payment-link-order) with its lines and totals. */
export function LinkOrderSummary({ link, order }: { link: PaymentLinkResponse; order: PaymentLinkOrder | null }) {
  return (
    <div data-testid="link-result">
      <dl className="kv">
        <dt>Order code</dt>
        <dd data-testid="link-order-code">{link.orderCode}</dd>
        <dt>Order id</dt>
        <dd>{link.orderId}</dd>
        <dt>Link</dt>
        <dd>{link.paymentLinkUrl}</dd>
        {order && (
          <>
            <dt>Status</dt>
            <dd data-testid="link-order-status">{order.orderStatus}</dd>
            <dt>Total</dt>
            <dd>
              {order.store.currencySymbol}
              {money(order.total)} (subtotal {money(order.subtotal)}, shipping {money(order.totalDetails.shippingAmount)}, discount{' '}
              {money(order.totalDetails.discountAmount)}, surcharge {money(order.totalDetails.surchargeAmount)})
            </dd>
            {order.payment && (
              <>
                <dt>Paid by</dt>
                <dd>
                  {order.payment.buyer.name} ({order.payment.buyer.email}), authorization {order.payment.authorizationCode}
                </dd>
              </>
            )}
          </>
        )}
      </dl>
      {order && order.lineItems.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th>Item</th>
              <th>sku</th>
              <th>Price</th>
              <th>Promo</th>
              <th>Qty</th>
              <th>Subtotal</th>
            </tr>
          </thead>
          <tbody>
            {order.lineItems.map((l) => (
              <tr key={l.productId}>
                <td>{l.name}</td>
                <td className="mono">{l.sku ?? '—'}</td>
                <td>{money(l.price)}</td>
                <td>{l.promoPrice === null ? '—' : money(l.promoPrice)}</td>
                <td>{l.quantity}</td>
                <td>{money(l.subTotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
