import { useState, type FormEvent } from 'react';
import type { ChargeRequest, ThreeDsFrameMessage } from '../../../../../shared/service';
import { useTransport } from '../../../transport';
import { ChallengeFrame } from './ChallengeFrame';
import { explainCharge, explainFrameMessage, type Outcome } from './explanations';
import { useFlows, useFlowsStore } from './flows-store';
import { ProblemFields } from './ProblemFields';
import { SubmitRow } from './SubmitRow';
import { TextField } from './TextField';

interface Challenge {
  readonly url: string;
  readonly id: string;
  readonly charge: ChargeRequest;
}

const newReference = () => `flow-${Date.now().toString(36)}`;

/**
 * The card flow (see docs/service.md#card-payments): a payment method from the form, a charge, and on
 * AUTHENTICATION_REQUIRED the bank's page; its SUCCESS message sends the second charge with the
 * authentication id. Every request goes through the core (credentials stay there).
 */
export function CardFlow() {
  const { recordExchange, setFlowOrderId, startFlow } = useFlows();
  const transport = useTransport();
  const info = useFlowsStore((s) => s.info);
  const cards = info?.testCards ?? [];
  const [number, setNumber] = useState('4000000000003220');
  const [expiry, setExpiry] = useState({ month: '12', year: String(new Date().getFullYear() + 3) });
  const [cvv, setCvv] = useState('123');
  const [holder, setHolder] = useState('ANA PEREZ');
  const [buyer, setBuyer] = useState({ id: 'cust-1', name: 'Ana Pérez', email: 'ana@example.com', phoneNumber: '+50370000000' });
  const [amount, setAmount] = useState('25.50');
  const [reference, setReference] = useState(newReference);
  // Each run is a new order: a reference already charged is replaced before the next run.
  const [lastReference, setLastReference] = useState<string | null>(null);
  const [billing, setBilling] = useState({ send: false, countryCode: 'USA', stateCode: 'CA', zipCode: '94105' });
  const [busy, setBusy] = useState(false);
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [problem, setProblem] = useState<Record<string, string[]> | null>(null);
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const selected = cards.find((c) => c.number === number);

  const pickCard = (value: string) => {
    if (!value) return;
    setNumber(value);
    setBilling((b) => ({ ...b, send: cards.find((c) => c.number === value)?.needsBillingInfo ?? false }));
  };
  const say = (o: Outcome) => setOutcomes((list) => [...list, o]);

  async function sendCharge(request: ChargeRequest): Promise<void> {
    const result = await transport.call('flows.charge', request);
    recordExchange(result.exchange);
    if (result.problem) return setProblem(result.problem.errors);
    if (!result.value) return say({ tone: 'error', text: `The charge was not accepted (${result.exchange.status ?? result.exchange.error}).` });
    say(explainCharge(result.value));
    if (result.value.order) await setFlowOrderId(result.value.order.id);
    if (result.value.status === 'AUTHENTICATION_REQUIRED' && result.value.authentication)
      setChallenge({ ...result.value.authentication, charge: request });
  }

  async function run(e: FormEvent): Promise<void> {
    e.preventDefault();
    setBusy(true);
    setOutcomes([]);
    setProblem(null);
    setChallenge(null);
    const ref = reference === lastReference ? newReference() : reference;
    setReference(ref);
    setLastReference(ref);
    startFlow({ reference: ref }, 'card');
    try {
      const pm = await transport.call('flows.createPaymentMethod', {
        customer: buyer,
        card: { number, expirationMonth: expiry.month, expirationYear: expiry.year, cvv, cardHolder: holder },
      });
      recordExchange(pm.exchange);
      if (pm.problem) return setProblem(pm.problem.errors);
      if (!pm.value) return say({ tone: 'error', text: `The payment method was not created (${pm.exchange.status ?? pm.exchange.error}).` });
      say({ tone: 'info', text: `Payment method ${pm.value.id}: ${pm.value.bin.brand}, ${pm.value.bin.issuerName} (${pm.value.bin.countryCode}).` });
      await sendCharge({
        order: { id: ref, amount: Number(amount), description: 'Hooklab card flow', name: 'Hooklab flow order' },
        cardId: pm.value.id,
        authenticationId: null,
        ...(billing.send ? { billingInfo: { countryCode: billing.countryCode, stateCode: billing.stateCode, zipCode: billing.zipCode } } : {}),
      });
    } catch (error) {
      say({ tone: 'error', text: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  async function onFrameMessage(m: ThreeDsFrameMessage): Promise<void> {
    if (!challenge || m.AuthenticationId !== challenge.id) return;
    const c = challenge;
    setChallenge(null);
    say(explainFrameMessage(m));
    if (m.MessageType !== 'authentication.complete' || m.Status !== 'SUCCESS') return;
    setBusy(true);
    try {
      await sendCharge({ ...c.charge, authenticationId: m.AuthenticationId });
    } catch (error) {
      say({ tone: 'error', text: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="card" data-testid="card-flow">
      <h2 className="card__title">Card flow: payment method, charge, 3-D Secure</h2>
      <form className="flow-form" onSubmit={(e) => void run(e)}>
        {cards.length > 0 && (
          <label className="field flow-form__wide">
            <span>Sandbox test card</span>
            <select value={selected ? number : ''} onChange={(e) => pickCard(e.target.value)} data-testid="card-test-card">
              <option value="">another number…</option>
              {cards.map((c) => (
                <option key={c.number} value={c.number}>
                  {c.number} ({c.countryCode}): {c.outcome}
                </option>
              ))}
            </select>
          </label>
        )}
        <TextField label="Card number" value={number} onChange={(v) => setNumber(v.trim())} inputMode="numeric" testId="card-number" />
        <label className="field">
          <span>Expiry (MM / YYYY)</span>
          <span className="row">
            <input className="flow-input--short" value={expiry.month} onChange={(e) => setExpiry({ ...expiry, month: e.target.value })} aria-label="Expiry month" />
            <input className="flow-input--short" value={expiry.year} onChange={(e) => setExpiry({ ...expiry, year: e.target.value })} aria-label="Expiry year" />
          </span>
        </label>
        <TextField label="cvv" value={cvv} onChange={setCvv} short />
        <TextField label="Card holder" value={holder} onChange={setHolder} />
        <TextField label="Customer name" value={buyer.name} onChange={(name) => setBuyer({ ...buyer, name })} />
        <TextField label="Customer e-mail" value={buyer.email} onChange={(email) => setBuyer({ ...buyer, email })} />
        <TextField label="Customer phone" value={buyer.phoneNumber} onChange={(phoneNumber) => setBuyer({ ...buyer, phoneNumber })} />
        <TextField label="Amount" value={amount} onChange={setAmount} inputMode="decimal" testId="card-amount" />
        <TextField label="Your order id (order.id)" value={reference} onChange={setReference} testId="card-reference" />
        <label className="row flow-form__wide flow-check">
          <input type="checkbox" checked={billing.send} onChange={(e) => setBilling({ ...billing, send: e.target.checked })} />
          <span>
            Send billingInfo{selected?.needsBillingInfo ? ' (this card is issued in the USA or Canada: the charge needs it)' : ''}
          </span>
        </label>
        {billing.send && (
          <div className="row flow-form__wide">
            <input value={billing.countryCode} onChange={(e) => setBilling({ ...billing, countryCode: e.target.value })} aria-label="Billing country code" />
            <input value={billing.stateCode} onChange={(e) => setBilling({ ...billing, stateCode: e.target.value })} aria-label="Billing state code" />
            <input value={billing.zipCode} onChange={(e) => setBilling({ ...billing, zipCode: e.target.value })} aria-label="Billing zip code" />
          </div>
        )}
        <SubmitRow busy={busy} busyLabel="Running…" disabled={!info?.available} testId="card-run">
          Create payment method and charge
        </SubmitRow>
      </form>
      {problem && <ProblemFields title="The service refused these fields" errors={problem} />}
      <ul className="flow-outcomes" data-testid="card-outcomes">
        {outcomes.map((o, i) => (
          <li key={i} className={`notice ${o.tone === 'error' ? 'notice--error' : o.tone === 'ok' ? 'notice--ok' : ''}`} data-tone={o.tone}>
            {o.text}
          </li>
        ))}
      </ul>
      {challenge && <ChallengeFrame url={challenge.url} onMessage={(m) => void onFrameMessage(m)} />}
    </div>
  );
}
