import type { ChargeResponse, ThreeDsFrameMessage, ThreeDsStatus } from '../../../../../shared/service';

/** What happened, for people, and whether it went well. */
export interface Outcome {
  readonly tone: 'ok' | 'error' | 'info';
  readonly text: string;
}

const THREE_DS: Record<Exclude<ThreeDsStatus, 'SUCCESS'>, string> = {
  FAILED:
    'The issuing bank did not authenticate the buyer (the challenge failed). No second charge is sent, so nothing is charged; the service sends ThreeDSecureAuthFailed.',
  ERROR:
    "The payment processor failed internally while authenticating (a processor error, not the buyer's doing). Nothing is charged; a new charge may be tried. The service sends ThreeDSecureAuthError.",
  EXPIRED:
    'The buyer did not finish the challenge in time, so the authentication expired. Nothing is charged; start a new charge to try again. The service sends ThreeDSecureAuthExpired.',
  PENDING: 'The authentication is still pending: the buyer has not decided yet.',
};

/** The 3-D Secure page's message (see docs/service.md#3-d-secure-frame-message) in words; SUCCESS leads to the second charge. */
export function explainFrameMessage(m: ThreeDsFrameMessage): Outcome {
  if (m.MessageType === 'authentication.complete' && m.Status === 'SUCCESS')
    return { tone: 'ok', text: `Authenticated (${m.AuthenticationId}): sending the second charge with this authentication id.` };
  if (m.Status === 'SUCCESS') return { tone: 'error', text: `Status SUCCESS came with MessageType ${m.MessageType}: not treated as a completed authentication.` };
  return { tone: m.Status === 'PENDING' ? 'info' : 'error', text: `${m.Status}: ${THREE_DS[m.Status]}` };
}

const CHARGE_ERRORS: Record<string, string> = {
  FRAUD_PREVENT: 'held for fraud review; the buyer should contact customer service.',
  CARD_DECLINED: 'the issuing bank declined the card (a sandbox-only code).',
  BILLING_INFO_REQUIRED: 'cards issued in the USA or Canada need billingInfo with country, state and zip code.',
  AUTHENTICATION_NOT_COMPLETED: 'the 3-D Secure authentication is not SUCCESS, so the second charge is refused.',
  AUTHENTICATION_MISMATCH: 'the authentication belongs to another order id, amount or card: the second charge must repeat the first.',
  AUTHENTICATION_ALREADY_USED: 'this authentication already confirmed a charge; it works once.',
  PAYMENT_METHOD_ALREADY_USED: 'a single-use payment method was already charged.',
};

/** A charge answer (see docs/service.md#charges) in words. */
export function explainCharge(c: ChargeResponse): Outcome {
  if (c.status === 'SUCCEEDED')
    return { tone: 'ok', text: `Paid: service order ${c.order?.id ?? '?'}, authorization ${c.order?.authorizationCode ?? '?'}. The service sends SuccessPayment.` };
  if (c.status === 'AUTHENTICATION_REQUIRED')
    return { tone: 'info', text: "3-D Secure required: the bank's page is below. Complete it there; its message decides the next step." };
  const code = c.error?.code ?? 'unknown';
  return { tone: 'error', text: `Charge failed with ${code}: ${CHARGE_ERRORS[code] ?? c.error?.message ?? c.message} The service sends PaymentError.` };
}

/** The frame's message if it is a 3-D Secure frame message (docs/service.md#3-d-secure-frame-message); anything else posted to the page is ignored. */
export function asFrameMessage(data: unknown): ThreeDsFrameMessage | null {
  if (!data || typeof data !== 'object') return null;
  const m = data as Record<string, unknown>;
  const ok =
    (m.MessageType === 'authentication.complete' || m.MessageType === 'authentication.failed') &&
    typeof m.Status === 'string' &&
    ['PENDING', 'SUCCESS', 'FAILED', 'ERROR', 'EXPIRED'].includes(m.Status) &&
    typeof m.AuthenticationId === 'string' &&
    typeof m.OrderId === 'string' &&
    typeof m.OrderAmount === 'number';
  return ok ? (m as unknown as ThreeDsFrameMessage) : null;
}
