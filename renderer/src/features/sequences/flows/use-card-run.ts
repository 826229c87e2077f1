import { useState } from 'react';
import type { ChargeRequest, ThreeDsFrameMessage } from '../../../../../shared/service';
import { useTransport } from '../../../transport';
import { explainCharge, explainFrameMessage, type Outcome } from './explanations';
import { useFlows } from './flows-store';

interface Challenge {
  readonly url: string;
  readonly id: string;
  readonly charge: ChargeRequest;
}

/** What the card flow's form holds when it is run. */
export interface CardForm {
  readonly number: string;
  readonly expiry: { readonly month: string; readonly year: string };
  readonly cvv: string;
  readonly holder: string;
  readonly buyer: {
    readonly id: string;
    readonly name: string;
    readonly email: string;
    readonly phoneNumber: string;
  };
  readonly amount: string;
  readonly billing: {
    readonly send: boolean;
    readonly countryCode: string;
    readonly stateCode: string;
    readonly zipCode: string;
  };
}

/**
 * One run of the card flow: the payment method, the charge, and on AUTHENTICATION_REQUIRED the
 * bank's page, whose SUCCESS message sends the second charge with the authentication id. Says
 * each step as an outcome, the fields the service refused as a problem.
 */
export function useCardRun() {
  const transport = useTransport();
  const { recordExchange, setFlowOrderId, startFlow } = useFlows();
  const [busy, setBusy] = useState(false);
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [problem, setProblem] = useState<Record<string, string[]> | null>(null);
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const say = (o: Outcome) => setOutcomes((list) => [...list, o]);

  async function sendCharge(request: ChargeRequest): Promise<void> {
    const result = await transport.call('flows.charge', request);
    recordExchange(result.exchange);
    if (result.problem) return setProblem(result.problem.errors);
    if (!result.value)
      return say({
        tone: 'error',
        text: `The charge was not accepted (${result.exchange.status ?? result.exchange.error}).`,
      });
    say(explainCharge(result.value));
    if (result.value.order) await setFlowOrderId(result.value.order.id);
    if (result.value.status === 'AUTHENTICATION_REQUIRED' && result.value.authentication)
      setChallenge({ ...result.value.authentication, charge: request });
  }

  /** Runs the flow for the order `ref` with what the form holds. */
  async function run(ref: string, form: CardForm): Promise<void> {
    const { number, expiry, cvv, holder, buyer, amount, billing } = form;
    setBusy(true);
    setOutcomes([]);
    setProblem(null);
    setChallenge(null);
    startFlow({ reference: ref }, 'card');
    try {
      const pm = await transport.call('flows.createPaymentMethod', {
        customer: buyer,
        card: {
          number,
          expirationMonth: expiry.month,
          expirationYear: expiry.year,
          cvv,
          cardHolder: holder,
        },
      });
      recordExchange(pm.exchange);
      if (pm.problem) return setProblem(pm.problem.errors);
      if (!pm.value)
        return say({
          tone: 'error',
          text: `The payment method was not created (${pm.exchange.status ?? pm.exchange.error}).`,
        });
      say({
        tone: 'info',
        text: `Payment method ${pm.value.id}: ${pm.value.bin.brand}, ${pm.value.bin.issuerName} (${pm.value.bin.countryCode}).`,
      });
      await sendCharge({
        order: {
          id: ref,
          amount: Number(amount),
          description: 'Hooklab card flow',
          name: 'Hooklab flow order',
        },
        cardId: pm.value.id,
        authenticationId: null,
        ...(billing.send
          ? {
              billingInfo: {
                countryCode: billing.countryCode,
                stateCode: billing.stateCode,
                zipCode: billing.zipCode,
              },
            }
          : {}),
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

  return { busy, outcomes, problem, challenge, run, onFrameMessage };
}
