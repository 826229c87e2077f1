import { useState, type FormEvent } from 'react';
import { checkPaymentLinkRequest } from '../../../../../shared/flows/payment-link-checks';
import type { LineItemRequest, PaymentLinkOrder, PaymentLinkRequest, PaymentLinkResponse } from '../../../../../shared/service';
import { useTransport } from '../../../transport';
import { recordExchange, setFlowOrderId, startFlow, useFlowsStore } from './flows-store';
import { OrderActions } from './OrderActions';
import { ProblemFields } from './ProblemFields';
import { TextField } from './TextField';

interface ItemRow {
  readonly kind: 'sku' | 'product';
  readonly sku: string;
  readonly name: string;
  readonly price: string;
  readonly requiresShipping: boolean;
  readonly quantity: string;
}

const emptyRow = (sku = ''): ItemRow => ({ kind: sku ? 'sku' : 'product', sku, name: '', price: '', requiresShipping: false, quantity: '1' });
const optional = (v: string) => (v.trim() === '' ? undefined : v);

function toLineItem(r: ItemRow): LineItemRequest {
  const quantity = Number(r.quantity);
  if (r.kind === 'sku') return { sku: r.sku, quantity };
  return { product: { name: r.name, price: Number(r.price), requiresShipping: r.requiresShipping }, quantity };
}

/**
 * The payment-link flow: create (Method 1 with products or Method 2 with an amount), checked
 * against 2.6 and section 8 before anything is sent; read the order back by its code; in the
 * sandbox, pay, ship, cancel, finalize, delete or reverse it. Its webhooks follow below.
 */
export function PaymentLinkFlow() {
  const transport = useTransport();
  const info = useFlowsStore((s) => s.info);
  const [method, setMethod] = useState<'products' | 'amount'>('products');
  const [rows, setRows] = useState<ItemRow[]>(() => [emptyRow('CAFE-250')]);
  const [amount, setAmount] = useState('36.50');
  const [fields, setFields] = useState({ orderReference: '', orderName: '', orderDescription: '', locationCode: '', expirationMinutes: '' });
  const [refused, setRefused] = useState<Record<string, string[]> | null>(null);
  const [problem, setProblem] = useState<Record<string, string[]> | null>(null);
  const [link, setLink] = useState<PaymentLinkResponse | null>(null);
  const [order, setOrder] = useState<PaymentLinkOrder | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const request = (): PaymentLinkRequest => ({
    ...(method === 'products' ? { lineItems: rows.map(toLineItem) } : { amount: Number(amount) }),
    orderReference: optional(fields.orderReference),
    orderName: optional(fields.orderName),
    orderDescription: optional(fields.orderDescription),
    locationCode: optional(fields.locationCode),
    expirationMinutes: fields.expirationMinutes.trim() === '' ? undefined : Number(fields.expirationMinutes),
  });

  async function create(e: FormEvent): Promise<void> {
    e.preventDefault();
    setProblem(null);
    setMessage(null);
    const req = request();
    // Checked here for an immediate answer; the core checks again before it sends.
    const local = checkPaymentLinkRequest(req);
    if (Object.keys(local).length > 0) return setRefused(local);
    setRefused(null);
    setBusy(true);
    // Matched by order id only: a reference the user typed may repeat across runs.
    startFlow({});
    setLink(null);
    setOrder(null);
    try {
      const answer = await transport.call('flows.createPaymentLink', req);
      if (answer.refused) return setRefused(answer.refused);
      const result = answer.result!;
      recordExchange(result.exchange);
      if (result.problem) return setProblem(result.problem.errors);
      if (!result.value) return setMessage(`The service did not create the link (${result.exchange.status ?? result.exchange.error}).`);
      setLink(result.value);
      await setFlowOrderId(String(result.value.orderId));
      await readBack(result.value.orderCode);
    } catch (error) {
      setMessage((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function readBack(orderCode: string): Promise<void> {
    const result = await transport.call('flows.readPaymentLink', { orderCode });
    recordExchange(result.exchange);
    setOrder(result.value);
    if (!result.value) setMessage(`Reading the order back answered ${result.exchange.status ?? result.exchange.error}.`);
  }

  const setRow = (i: number, patch: Partial<ItemRow>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const field = (name: keyof typeof fields, label: string, testId: string) => (
    <TextField label={label} value={fields[name]} onChange={(v) => setFields({ ...fields, [name]: v })} testId={testId} />
  );

  return (
    <div className="card" data-testid="link-flow">
      <h2 className="card__title">Payment-link flow</h2>
      <form className="flow-form" onSubmit={(e) => void create(e)}>
        <div className="row flow-form__wide" role="radiogroup">
          <label className="row">
            <input type="radio" checked={method === 'products'} onChange={() => setMethod('products')} data-testid="link-method-products" /> Method 1: products
          </label>
          <label className="row">
            <input type="radio" checked={method === 'amount'} onChange={() => setMethod('amount')} data-testid="link-method-amount" /> Method 2: an amount
          </label>
        </div>
        {method === 'amount' ? (
          <TextField label="Amount" value={amount} onChange={setAmount} inputMode="decimal" testId="link-amount" />
        ) : (
          <div className="flow-form__wide">
            {rows.map((r, i) => (
              <div key={i} className="row flow-item" data-testid="link-item">
                <select value={r.kind} onChange={(e) => setRow(i, { kind: e.target.value as ItemRow['kind'] })} aria-label="Item kind">
                  <option value="sku">portal product (sku)</option>
                  <option value="product">one-time product</option>
                </select>
                {r.kind === 'sku' ? (
                  <>
                    <input list="flow-skus" value={r.sku} onChange={(e) => setRow(i, { sku: e.target.value })} aria-label="sku" placeholder="sku" />
                  </>
                ) : (
                  <>
                    <input value={r.name} onChange={(e) => setRow(i, { name: e.target.value })} aria-label="Product name" placeholder="name" />
                    <input className="flow-input--short" value={r.price} onChange={(e) => setRow(i, { price: e.target.value })} aria-label="Price" placeholder="price" />
                    <label className="row">
                      <input type="checkbox" checked={r.requiresShipping} onChange={(e) => setRow(i, { requiresShipping: e.target.checked })} /> ships
                    </label>
                  </>
                )}
                <input className="flow-input--short" value={r.quantity} onChange={(e) => setRow(i, { quantity: e.target.value })} aria-label="Quantity" />
                <button type="button" className="button button--small" onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                  Remove
                </button>
              </div>
            ))}
            <datalist id="flow-skus">
              {(info?.skus ?? []).map((s) => (
                <option key={s.sku} value={s.sku}>
                  {s.name} ({s.price.toFixed(2)})
                </option>
              ))}
            </datalist>
            <button type="button" className="button button--small" onClick={() => setRows([...rows, emptyRow()])}>
              Add a line
            </button>
          </div>
        )}
        {field('orderReference', 'orderReference (max 255)', 'link-reference')}
        {field('orderName', 'orderName (max 255)', 'link-name')}
        {field('orderDescription', 'orderDescription (max 2048)', 'link-description')}
        {field('locationCode', 'locationCode (branch)', 'link-location')}
        {field('expirationMinutes', 'expirationMinutes (default 1440)', 'link-expiration')}
        <div className="row flow-form__wide">
          <button type="submit" className="button button--primary" disabled={busy || !info?.available} data-testid="link-create">
            {busy ? 'Creating…' : 'Create payment link'}
          </button>
        </div>
      </form>
      {refused && <ProblemFields title="Not sent: the request breaks limits of the spec (2.6, 8)" errors={refused} />}
      {problem && <ProblemFields title="The service refused these fields (400)" errors={problem} />}
      {message && <p className="notice notice--error">{message}</p>}
      {link && (
        <dl className="kv" data-testid="link-result">
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
                {order.total.toFixed(2)} (subtotal {order.subtotal.toFixed(2)}, shipping {order.totalDetails.shippingAmount.toFixed(2)}, discount{' '}
                {order.totalDetails.discountAmount.toFixed(2)})
              </dd>
            </>
          )}
        </dl>
      )}
      {link && (
        <div className="row">
          <button type="button" className="button button--small" onClick={() => void readBack(link.orderCode)} data-testid="link-read">
            Read the order back
          </button>
        </div>
      )}
      {link && info?.environment.isSandbox && <OrderActions orderCode={link.orderCode} onChanged={() => void readBack(link.orderCode)} />}
    </div>
  );
}
