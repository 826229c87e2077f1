import { useState } from 'react';
import type { OrderDetail } from '../../../../shared/contract/sequences';
import { derivedStateText, orderStateText } from '../../../../shared/sequences/claimed-state';
import { RegressionTestButton } from '../../components/RegressionTestButton';
import { ShareButton } from '../../components/share/ShareDialog';
import { WhyPanel } from '../../components/why/WhyPanel';
import { BadInputList } from './BadInputList';
import { FlagList } from './FlagList';
import { ImportedNotice } from './imported-events';
import { STATUS_CLASS } from './order-columns';
import { PaymentDetails } from './PaymentDetails';
import { StateDiagram } from './StateDiagram';
import { Timeline } from './Timeline';

const PAYMENT_TEXT: Record<OrderDetail['summary']['payment'], string> = {
  none: 'not paid',
  paid: 'paid',
  'payment-error': 'payment failed',
  reversed: 'payment reversed',
  'reverse-error': 'reversal failed',
};

/** One order: derived states, why it is stuck (Why?), a regression test of it, flags, the diagram, the timeline, the payment and bad input. */
export function OrderPanel({ detail }: { detail: OrderDetail }) {
  const [highlighted, setHighlighted] = useState<ReadonlySet<string>>(new Set());
  const s = detail.summary;
  const lastAttempt = detail.threeDsAttempts[detail.threeDsAttempts.length - 1];
  return (
    <section className="seq-order" data-testid="sequence-order" data-order-id={s.orderId}>
      <h2 className="seq-order__title">
        Order <span className="mono">{s.orderId}</span>
        {s.orderReference && <span className="muted mono">ref {s.orderReference}</span>}
        {s.orderType && <span className="badge">{s.orderType}</span>}
      </h2>
      {s.unverifiedOnly && (
        <p className="seq-unverified-only" role="note" data-testid="order-unverified-only">
          Every event of this order is unverified (a key is configured and none of its deliveries verified): the states below
          rest only on what an unknown sender claims.
        </p>
      )}
      <ImportedNotice events={detail.events} />
      <dl className="kv seq-states" data-testid="sequence-states">
        <dt>Order status</dt>
        <dd>
          <span className={`badge ${s.unverifiedOnly ? 'seq-status--claimed' : STATUS_CLASS[s.status]}`} data-testid="state-order">
            {orderStateText(s)}
          </span>
          <span className="muted" data-testid="state-payment">
            {derivedStateText(PAYMENT_TEXT[s.payment], s)}
          </span>
        </dd>
        <dt>Shipping</dt>
        <dd data-testid="state-shipping">
          {s.shipping ? derivedStateText(s.shipping, s) : '—'}
          {detail.shippingSteps[0]?.etaMinutes != null && <span className="muted">preparation ETA {detail.shippingSteps[0].etaMinutes} min</span>}
        </dd>
        <dt>3-D Secure</dt>
        <dd data-testid="state-threeds">
          {lastAttempt ? `${derivedStateText(lastAttempt.outcome, s)}${lastAttempt.confirmed === true ? ', confirmed by SuccessPayment' : lastAttempt.confirmed === false ? ', not confirmed' : ''}` : '—'}
          {detail.threeDsAttempts.length > 1 && <span className="muted">{detail.threeDsAttempts.length} attempts</span>}
        </dd>
      </dl>
      <WhyPanel key={s.orderId} target={{ kind: 'order', orderId: s.orderId }} testIdPrefix="sequences" />
      <div className="row seq-order__actions">
        <RegressionTestButton orderId={s.orderId} testIdPrefix="sequences" />
        <ShareButton selection={{ orderId: s.orderId }} what={`order ${s.orderId}`} testIdPrefix="sequences" small />
      </div>
      <FlagList flags={detail.flags} onHover={(keys) => setHighlighted(new Set(keys))} />
      <StateDiagram detail={detail} />
      <Timeline events={detail.events} flags={detail.flags} highlighted={highlighted} />
      {detail.payment && <PaymentDetails payment={detail.payment} />}
      {detail.badInputs.length > 0 && (
        <section className="card">
          <h3 className="card__title">Not read as events of the spec ({detail.badInputs.length})</h3>
          <BadInputList items={detail.badInputs} testId="order-bad-inputs" />
        </section>
      )}
    </section>
  );
}
