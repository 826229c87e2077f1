import { useState, type FormEvent } from 'react';
import { ChallengeFrame } from './ChallengeFrame';
import { useFlowsStore } from './flows-store';
import { ProblemFields } from './ProblemFields';
import { SubmitRow } from './SubmitRow';
import { TextField } from './TextField';
import { useCardRun } from './use-card-run';

const newReference = () => `flow-${Date.now().toString(36)}`;

/**
 * The card flow (see docs/service.md#card-payments): a payment method from the form, a charge, and on
 * AUTHENTICATION_REQUIRED the bank's page; its SUCCESS message sends the second charge with the
 * authentication id. Every request goes through the core (credentials stay there).
 */
export function CardFlow() {
  const info = useFlowsStore((s) => s.info);
  const cards = info?.testCards ?? [];
  const [number, setNumber] = useState('4000000000003220');
  const [expiry, setExpiry] = useState({ month: '12', year: String(new Date().getFullYear() + 3) });
  const [cvv, setCvv] = useState('123');
  const [holder, setHolder] = useState('ANA PEREZ');
  const [buyer, setBuyer] = useState({ id: 'cust-1', name: 'Ana Pérez', email: 'ana@example.com', phoneNumber: '+50370000000' });
  const [amount, setAmount] = useState('25.50');
  const [reference, setReference] = useState(newReference);
  const [lastReference, setLastReference] = useState<string | null>(null);
  const [billing, setBilling] = useState({ send: false, countryCode: 'USA', stateCode: 'CA', zipCode: '94105' });
  const { busy, outcomes, problem, challenge, run, onFrameMessage } = useCardRun();
  const selected = cards.find((c) => c.number === number);

  const pickCard = (value: string) => {
    if (!value) return;
    setNumber(value);
    setBilling((b) => ({ ...b, send: cards.find((c) => c.number === value)?.needsBillingInfo ?? false }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Each run is a new order: a reference already charged is replaced before the next run.
    const ref = reference === lastReference ? newReference() : reference;
    setReference(ref);
    setLastReference(ref);
    void run(ref, { number, expiry, cvv, holder, buyer, amount, billing });
  };

  return (
    <div className="card" data-testid="card-flow">
      <h2 className="card__title">Card flow: payment method, charge, 3-D Secure</h2>
      <form className="flow-form" onSubmit={submit}>
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
