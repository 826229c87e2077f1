/**
 * Seeds stored deliveries shaped like real order traffic for the Sequences benches: orders of
 * Created, SuccessPayment with full metadata (docs/service.md#successpayment-metadata) and shipping Updated events, some retried (a
 * duplicate), some arriving out of order, plus optionally one long order, and optionally large
 * bodies (`pad` bytes of description each).
 *
 *   npx tsx test/bench/sequences-seed.ts DIR [count=100000] [long=0] [updates=3] [pad=0]
 */
import { createHash } from 'node:crypto';
import { openDatabase, type Database } from '../../electron/services/data/database';

const PATH = ['PENDING', 'ACCEPTED', 'READY', 'DISPATCHED', 'ON_ITS_WAY', 'DELIVERED'];

function paymentMetadata(orderId: string) {
  return {
    PaymentId: `pay_${orderId}`,
    ChargeId: `ch_${orderId}`,
    Status: 'SUCCEEDED',
    AuthorizationCode: '123456',
    SequentialNumber: '00012345',
    AccountId: 'acct_bench',
    PaymentProcessor: 'SANDBOX_PROCESSOR',
    PaymentProcessorReference: `spr_${orderId}`,
    TransactionDate: '2026-11-23T10:00:00.000Z',
    PaidAmount: '27.50',
    BuyerName: 'Ana López',
    BuyerPhone: '+50370000001',
    BuyerEmail: 'ana@example.com',
    BuyerExternalId: 'buyer-1',
    CheckoutNote: '',
    OrderReference: `ref-${orderId}`,
    OrderTotalDetails: { subtotal: '25.00', shippingAmount: '2.50', discountAmount: '0.00', surchargeAmount: '0.00', total: '27.50' },
    IsManagedPaymentMethod: true,
    InvoiceName: 'Ana López',
    InvoiceAddress: '',
    InvoiceTaxCode: '',
    orderDetail: [
      { orderItemId: `${orderId}-1`, itemId: '1', name: 'Café 250 g', price: '12.50', promoId: null, promoPrice: null, promoName: null, quantity: '2', modifiersTotal: '0.00', sku: 'CAFE-250', productImageUrl: '', modifiers: [], note: null, description: 'Café molido', quantityAvailable: '40', requiresShipping: true, productMetadata: null, coupon: null },
    ],
  };
}

/** Bytes of text added to each body's description (0: bodies of real size, about 1-2 KB). */
let padBytes = 0;

const body = (orderId: string, type: string, metadata: unknown) =>
  Buffer.from(JSON.stringify({ orderId, orderReference: `ref-${orderId}`, orderType: 'FASTLINK_CHARGE', description: padBytes > 0 ? `${type} ${'x'.repeat(padBytes)}` : type, level: 'Info', type, metadata }));

/** The deliveries of one ordinary order: Created, SuccessPayment, `updates` shipping moves. */
function orderEvents(o: number, updates: number): Array<{ orderId: string; type: string; metadata: unknown }> {
  const orderId = String(100_000 + o);
  const events: Array<{ orderId: string; type: string; metadata: unknown }> = [
    { orderId, type: 'Created', metadata: null },
    { orderId, type: 'SuccessPayment', metadata: paymentMetadata(orderId) },
  ];
  for (let s = 0; s < updates; s++) events.push({ orderId, type: 'Updated', metadata: { PreviousStatus: PATH[s], NewStatus: PATH[s + 1], ...(s === 0 ? { PreparationEtaMinutes: '25' } : {}) } });
  return events;
}

/**
 * Writes `count` deliveries into received_deliveries (orders of 2 + `updates` events, every 7th
 * with a retry, every 11th with two events arriving swapped), and `longOrderEvents` deliveries
 * of order `long-order` when asked. Rows are written directly, in one transaction.
 */
export function seedOrders(db: Database, count: number, longOrderEvents = 0, updates = 3, pad = 0): { orders: number } {
  padBytes = pad;
  const insert = db.prepare(`INSERT INTO received_deliveries (received_at, received_at_ms, method, path, headers_json, body,
    body_size, body_sha256, event_id, event_created, event_created_ms, event_type, level, order_type, order_id,
    signature_outcome, attempt) VALUES (?, ?, 'POST', '/webhooks', '[]', ?, ?, ?, ?, ?, ?, ?, 'Info', 'FASTLINK_CHARGE', ?, 'valid', 1)`);
  const start = Date.now() - (count + longOrderEvents) * 50;
  let n = 0;
  let eventId = 0;
  const put = (e: { orderId: string; type: string; metadata: unknown }, createdMs: number, arrivedMs: number, id: number) => {
    const b = body(e.orderId, e.type, e.metadata);
    insert.run(new Date(arrivedMs).toISOString(), arrivedMs, b, b.length, createHash('sha256').update(b).digest('hex'), id, new Date(createdMs).toISOString(), createdMs, e.type, e.orderId);
    n++;
  };
  db.exec('BEGIN');
  let o = 0;
  while (n < count) {
    const events = orderEvents(o, updates);
    const t = start + n * 50;
    events.forEach((e, i) => {
      if (n >= count) return;
      const id = ++eventId;
      // Every 11th order: the second and third events swap their arrival.
      const arrival = o % 11 === 0 && (i === 1 || i === 2) ? t + (3 - i) * 50 : t + i * 50;
      put(e, t + i * 50, arrival, id);
      if (o % 7 === 0 && i === 0 && n < count) put(e, t, t + 10, id);
    });
    o++;
  }
  for (let i = 0; i < longOrderEvents; i++) {
    const t = start + (count + i) * 50;
    const type = i === 0 ? 'Created' : i === 1 ? 'SuccessPayment' : 'Updated';
    const step = (i - 2) % 5;
    const metadata = type === 'SuccessPayment' ? paymentMetadata('long-order') : type === 'Updated' ? { PreviousStatus: PATH[step], NewStatus: PATH[step + 1] } : null;
    put({ orderId: 'long-order', type, metadata }, t, t, ++eventId);
  }
  // What DeliveryStore.commitBatch does once per batch (migration 014): the running totals, so
  // the app starts on these rows as on rows its listener stored.
  db.exec(`UPDATE received_totals SET count = (SELECT COUNT(*) FROM received_deliveries),
    bytes = (SELECT COALESCE(SUM(length(body) + length(headers_json)), 0) FROM received_deliveries)`);
  db.exec('COMMIT');
  return { orders: o + (longOrderEvents > 0 ? 1 : 0) };
}

/** Seeds a Hooklab data folder's database (its own process in the UI bench). */
if (process.argv[1]?.endsWith('sequences-seed.ts')) {
  const [dir, count, long, updates, pad] = process.argv.slice(2);
  const db = openDatabase(`${dir}/hooklab.db`);
  const { orders } = seedOrders(db, Number(count ?? 100_000), Number(long ?? 0), Number(updates ?? 3), Number(pad ?? 0));
  db.close();
  process.stdout.write(`${JSON.stringify({ seeded: true, orders })}\n`);
}
