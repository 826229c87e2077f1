import { useState, type FormEvent } from 'react';
import { checkPaymentLinkRequest } from '../../../../../shared/flows/payment-link-checks';
import type { PaymentLinkOrder, PaymentLinkRequest, PaymentLinkResponse } from '../../../../../shared/service';
import { useTransport } from '../../../transport';
import { useFlows, useFlowsStore } from './flows-store';
import { OrderActions } from './OrderActions';
import { LinkOrderSummary } from './LinkOrderSummary';
import { emptyRow, LineItemsEditor, toLineItem, type ItemRow } from './LineItemsEditor';
import { ProblemFields } from './ProblemFields';
import { SubmitRow } from './SubmitRow';
import { TextField } from './TextField';

const optional = (v: string) => (v.trim() === '' ? undefined : v);

/** `name=value` lines as payment-link metadata (docs/service.md#payment-link-request); a line without `=` has an empty value (refused by the checks). */
function parseMetadata(text: string): Array<{ name: string; value: string }> | undefined {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length === 0) return undefined;
  return lines.map((l) => {
    const at = l.indexOf('=');
    return at === -1 ? { name: l.trim(), value: '' } : { name: l.slice(0, at).trim(), value: l.slice(at + 1) };
  });
}

/**
 * The payment-link flow: create (Method 1 with products or Method 2 with an amount), checked
 * against docs/service.md#payment-link-request and docs/service.md#limits before anything is sent; read the order back by its code; in the
 * sandbox, pay, ship, cancel, finalize, delete or reverse it. Its webhooks follow below.
 */
export function PaymentLinkFlow() {
  const { recordExchange, setFlowOrderId, startFlow } = useFlows();
  const transport = useTransport();
  const info = useFlowsStore((s) => s.info);
  const [method, setMethod] = useState<'products' | 'amount'>('products');
  const [rows, setRows] = useState<ItemRow[]>(() => [emptyRow('CAFE-250')]);
  const [amount, setAmount] = useState('36.50');
  const [fields, setFields] = useState({
    orderReference: '',
    orderName: '',
    orderDescription: '',
    locationCode: '',
    expirationMinutes: '',
    successUrl: '',
    cancelUrl: '',
  });
  const [metadata, setMetadata] = useState('');
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
    successUrl: optional(fields.successUrl),
    cancelUrl: optional(fields.cancelUrl),
    metadata: parseMetadata(metadata),
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
    startFlow({}, 'link');
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
          <LineItemsEditor rows={rows} onChange={setRows} skus={info?.skus ?? []} />
        )}
        {field('orderReference', 'orderReference (max 255)', 'link-reference')}
        {field('orderName', 'orderName (max 255)', 'link-name')}
        {field('orderDescription', 'orderDescription (max 2048)', 'link-description')}
        {field('locationCode', 'locationCode (branch)', 'link-location')}
        {field('expirationMinutes', 'expirationMinutes (default 1440)', 'link-expiration')}
        {field('successUrl', 'successUrl', 'link-success-url')}
        {field('cancelUrl', 'cancelUrl', 'link-cancel-url')}
        <label className="field flow-form__wide">
          <span>metadata (one name=value a line)</span>
          <textarea rows={2} value={metadata} onChange={(e) => setMetadata(e.target.value)} data-testid="link-metadata" />
        </label>
        <SubmitRow busy={busy} busyLabel="Creating…" disabled={!info?.available} testId="link-create">
          Create payment link
        </SubmitRow>
      </form>
      {refused && <ProblemFields title="Not sent: the request breaks the payment link request's limits" errors={refused} />}
      {problem && <ProblemFields title="The service refused these fields (400)" errors={problem} />}
      {message && <p className="notice notice--error">{message}</p>}
      {link && <LinkOrderSummary link={link} order={order} />}
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
