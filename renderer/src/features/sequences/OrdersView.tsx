/** The orders list and one order's timeline (being built). */
export function OrdersView() {
  return (
    <p className="muted" data-testid="sequences-orders">
      Orders grouped from received and history deliveries.
    </p>
  );
}
